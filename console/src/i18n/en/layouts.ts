export const layouts = {} as const;
