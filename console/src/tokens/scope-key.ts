/** A scope's catalog key: `activity:read` → `activity_read` (i18next reads ':' as a namespace separator). */
export const scopeKey = <S extends string>(scope: S) => scope.replace(':', '_') as S extends `${infer A}:${infer B}` ? `${A}_${B}` : S;
