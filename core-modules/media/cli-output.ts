const MB = 1_000_000;

export const formatMb = (bytes: number) => (bytes > 0 && bytes < MB ? `${(bytes / 1000).toFixed(1)} kB` : `${(bytes / MB).toFixed(1)} MB`);

export interface ProgressOutput {
  /** A finished line (kept in the scroll-back). */
  line(text: string): void;
  /** Replaces the live status line; only called on a terminal. */
  status?(text: string): void;
}

/** A terminal gets a redrawn status line; anything else (a pipe, a log file) plain lines. */
export function terminalOutput(out: (line: string) => void): ProgressOutput {
  const tty = Boolean(process.stdout.isTTY);
  let live = false;
  const clear = () => {
    if (live) process.stdout.write('\r\x1b[K');
    live = false;
  };
  return {
    line: (text: string) => {
      clear();
      out(text);
    },
    ...(tty
      ? {
          status: (text: string) => {
            clear();
            if (text) process.stdout.write(text.slice(0, (process.stdout.columns || 120) - 1));
            live = Boolean(text);
          },
        }
      : {}),
  };
}
