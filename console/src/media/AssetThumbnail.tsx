import { Center, Image } from '@mantine/core';
import { IconFileUnknown, IconMovie, IconPhoto, IconWorld } from '@tabler/icons-react';
import type { LibraryAsset } from './asset-types';

const ICONS: Record<string, typeof IconPhoto> = { image: IconPhoto, video: IconMovie, website: IconWorld };

/** The asset's thumbnail (decorative: its name is beside it), or an icon of its type without one. */
export function AssetThumbnail({ asset, height }: { asset: LibraryAsset; height: number }) {
  if (asset.thumbnailUrl) return <Image src={asset.thumbnailUrl} alt="" h={height} fit="cover" loading="lazy" />;
  const Icon = ICONS[asset.type] ?? IconFileUnknown;
  return (
    <Center h={height} bg="var(--mantine-color-default-hover)">
      <Icon size={Math.min(48, height / 2)} aria-hidden />
    </Center>
  );
}
