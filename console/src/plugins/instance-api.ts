import { api } from '../api/client';
import type { paths } from '../api/schema';

// Every plugin's instance routes have one shape (the plugin catalog's `instanceRoutes`): the typed
// client is called with the collection the server's document names, whichever plugin it is, and
// the instance is handled as the JSON object its schema describes.
type Collection = Extract<keyof paths, `/api/v1/plugins/${string}/instances`>;
type Member = Extract<keyof paths, `/api/v1/plugins/${string}/instances/{id}`>;
export type Instance = { id: string; name: string; enabled: boolean; updatedAt: string } & Record<string, unknown>;
type Answer<T> = Promise<{ data?: T; error?: unknown }>;

const member = (path: string) => `${path}/{id}` as Member;
const byId = (id: string) => ({ params: { path: { id } } });

export const instanceApi = (path: string) => ({
  list: () => api.GET(path as Collection) as Answer<{ data: { items: Instance[] } }>,
  create: (body: Record<string, unknown>) => api.POST(path as Collection, { body: body as never }) as Answer<{ data: Instance }>,
  replace: (id: string, body: Record<string, unknown>) => api.PUT(member(path), { ...byId(id), body: body as never }) as Answer<{ data: Instance }>,
  remove: (id: string) => api.DELETE(member(path), byId(id)) as Answer<unknown>,
});
