/** Folders as people pick them: each with its whole path ("Menus / Breakfast"), sorted by it. */
export function folderOptions(folders: { id: string; parentId?: string; name: string }[]): { value: string; label: string }[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const pathOf = (id: string): string => {
    const names: string[] = [];
    const seen = new Set<string>();
    for (let f = byId.get(id); f && !seen.has(f.id); f = f.parentId ? byId.get(f.parentId) : undefined) {
      seen.add(f.id);
      names.unshift(f.name);
    }
    return names.join(' / ');
  };
  return folders.map((f) => ({ value: f.id, label: pathOf(f.id) })).sort((a, b) => a.label.localeCompare(b.label));
}
