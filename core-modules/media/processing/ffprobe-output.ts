export interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  sample_aspect_ratio?: string;
  display_aspect_ratio?: string;
  duration?: string;
  bit_rate?: string;
  channels?: number;
  sample_rate?: string;
  disposition?: { default?: number; attached_pic?: number };
  tags?: Record<string, string>;
  side_data_list?: { side_data_type?: string; rotation?: number }[];
}

/**
 * What `ffprobe -print_format json -show_format -show_streams` prints, the parts probe.ts reads.
 * In a file of its own: ffmpeg-process.ts runs ffprobe and probe.ts reads the output.
 */
export interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string; bit_rate?: string };
}
