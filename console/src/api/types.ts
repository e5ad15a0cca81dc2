import type { paths } from './schema';

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;
type SuccessOf<R> = JsonOf<R[200 & keyof R]> | JsonOf<R[201 & keyof R]> | JsonOf<R[202 & keyof R]>;

/** The `data` of a route's success answer (200, 201 or 202), from the generated schema: `DataOf<'/api/v1/screens', 'get'>`. */
export type DataOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: infer R }
  ? SuccessOf<R> extends { data: infer D }
    ? D
    : never
  : never;

/** A route's JSON request body: `BodyOf<'/api/v1/playlists', 'post'>`. */
export type BodyOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;
