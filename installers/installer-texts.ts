import { readFile } from 'node:fs/promises';

// The token the scripts hold where this server's address goes.
const SERVER_URL_TOKEN = /__SIGNAGE_SERVER_URL__/g;

const ASSETS = {
  player: 'install-player.sh',
  screencast: 'install-screencast.sh',
  playerUnit: 'player.service',
} as const;

/** `player` is `/install.sh`, `screencast` is `/install-screencast.sh`. */
export type InstallerScript = 'player' | 'screencast';

type Texts = Record<keyof typeof ASSETS, string>;

/** The installer scripts and the player's service unit, read once at start so a missing file stops the boot. */
export class InstallerTexts {
  private texts: Texts | undefined;

  async load(): Promise<void> {
    const entries = await Promise.all(
      Object.entries(ASSETS).map(async ([name, file]) => [name, await readFile(new URL(`./assets/${file}`, import.meta.url), 'utf8')] as const),
    );
    this.texts = Object.fromEntries(entries) as Texts;
  }

  /** The script, calling home to `origin`. */
  script(name: InstallerScript, origin: string): string {
    return this.loaded()[name].replace(SERVER_URL_TOKEN, origin);
  }

  /** `/install/player.service`: the same for every box (the address goes in a drop-in the script writes). */
  playerUnit(): string {
    return this.loaded().playerUnit;
  }

  private loaded(): Texts {
    if (!this.texts) throw new Error('installer texts are read in the installers module start hook');
    return this.texts;
  }
}
