// The browser player's entry: wired in src/player.ts.
export {};
