import type { Static, TSchema } from '@sinclair/typebox';
import type { NameAndRegistrationPair, Resolver } from 'awilix';
import type { Knex } from 'knex';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import type { AuthRequest, Authenticator, CredentialKind, Principal, RouteAuth } from './auth/principal.js';
import type { ExportRef } from './export-ref.js';
import type { UploadedFile } from './http/body.js';
import type { SocketConnection } from './ws/hub.js';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How the request body is read. `json` (the default for POST/PUT/PATCH) parses and validates it;
 * `multipart` reads a form of small files (`bodyLimit` bytes of files in all) into `files`, its
 * text fields validated against `body`; `stream` leaves `ctx.req` unread for the handler
 * (uploads); `none` accepts no body.
 */
export type BodyMode = 'json' | 'multipart' | 'stream' | 'none';

export interface RouteResponse {
  status: number;
  description?: string;
  /** JSON routes: the schema of `data`. Fields it does not declare are stripped before sending. */
  schema?: TSchema;
  /**
   * Routes whose handler writes `ctx.body` itself (files, scripts, CSV): the media types it may
   * write, ranges such as `image/*` allowed. With `application/json`, `schema` describes the
   * body as it is (no `data` envelope).
   */
  contentType?: string | string[];
  /** Headers the success response carries (name → value or meaning), for the OpenAPI document. */
  headers?: Record<string, string>;
  /**
   * Other success statuses the handler may answer: status → meaning (the same body, none for 204
   * and 304), or → its meaning and its own schema of `data` (a publish answering 201 with what
   * went live, or 202 with the submission made for review).
   */
  otherStatuses?: Record<number, string | { description: string; schema: TSchema }>;
  /** Served by `sendFile`: ranges (206), revalidation (304) and preconditions (412, 416) are documented. */
  file?: boolean;
}

export interface RequestHeader {
  description: string;
  required?: boolean;
  schema: Record<string, unknown>;
}

export interface RateLimitRule {
  /** Routes naming the same bucket share one budget. */
  bucket: string;
  limit: number;
  windowSeconds: number;
  /** Count per client address, or per address and signed-in principal. */
  by: 'ip' | 'ip+principal';
}

export interface RouteRequest<C, P, Q, B> {
  params: P;
  query: Q;
  body: B;
  principal: Principal | undefined;
  /** The plugin's own container: its services and what its dependencies export. */
  deps: C;
  /** The Koa context, for headers and streamed responses. */
  ctx: Context;
  requestId: string;
  /** The file parts of a `multipart` body (empty otherwise). */
  files: UploadedFile[];
}

export interface RouteDef<C = any, P extends TSchema = TSchema, Q extends TSchema = TSchema, B extends TSchema = TSchema> {
  method: HttpMethod;
  /** OpenAPI style: `/api/v1/screens/{id}`. */
  path: string;
  operationId?: string;
  summary: string;
  description?: string;
  tags?: string[];
  auth: RouteAuth;
  params?: P;
  query?: Q;
  /** Request headers the handler reads (name → how), for the OpenAPI document; the handler checks them. */
  requestHeaders?: Record<string, RequestHeader>;
  body?: B;
  bodyMode?: BodyMode;
  /** The media types a `stream` body is sent as, for the OpenAPI document (default `application/octet-stream`). */
  streamTypes?: string[];
  /** The file parts a `multipart` body may carry (field name → description), for the OpenAPI document. */
  files?: Record<string, string>;
  /** Largest accepted JSON body, or the files of a multipart body, in bytes (default 1 MiB). */
  bodyLimit?: number;
  response: RouteResponse;
  /** Fixed-window limit shared by every server process; over it the answer is 429 rate_limited. */
  rateLimit?: RateLimitRule;
  /** Extra documented responses (status → description). */
  errors?: Record<number, string>;
  /**
   * The handler writes or removes stored files (media, previews, release artifacts): refused with
   * 409 `backup_in_progress` while a backup copies them (see `FileWriteGate`).
   */
  writesFiles?: boolean;
  handler(req: RouteRequest<C, Static<P>, Static<Q>, Static<B>>): Promise<unknown> | unknown;
}

/** A handler result with a status other than the route's default (e.g. 200 instead of 201 on a repeat). */
export class Reply {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {}
}
export const reply = (status: number, data?: unknown) => new Reply(status, data);

export interface JobContext {
  id: string;
  retryCount: number;
  /** Aborted when the process stops and the grace period runs out: long work should stop here (the job runs again later). */
  signal: AbortSignal;
}

export interface JobDef<C = any, S extends TSchema = TSchema> {
  /** Frozen: `<plugin>.<verb-noun>`. Jobs already queued carry it, so never rename one. */
  name: string;
  payload: S;
  handler(payload: Static<S>, deps: C, job: JobContext): Promise<void>;
  retry?: { limit: number; delaySeconds: number; backoff?: boolean };
  /** Seconds a single run may take before pg-boss considers it failed. */
  expireInSeconds?: number;
  /** Run on this cron schedule (UTC) with an empty payload. */
  cron?: string;
  /** Made by `retentionJob`: removes what is past its keep time, so an operator's retention clean-up runs it too. */
  retention?: boolean;
}

export interface SocketRouteDef<C = any> {
  /** OpenAPI style path; the upgrade request must match it exactly. */
  path: string;
  summary: string;
  description?: string;
  auth: RouteAuth;
  /**
   * The subprotocol this socket speaks. A browser cannot set `Authorization` on a WebSocket, so
   * where this is set it may offer its bearer credential as a second subprotocol instead:
   * `Sec-WebSocket-Protocol: <subprotocol>, bearer.<credential>`. The hub checks that credential as
   * if it had come in `Authorization: Bearer` (an Authorization header, when sent, wins) and answers
   * with `<subprotocol>` alone, never echoing the credential.
   */
  subprotocol?: string;
  /** Refusals of the upgrade beyond the credential's 401 (status → description), for the OpenAPI document. */
  errors?: Record<number, string>;
  onConnection(conn: SocketConnection, deps: C): void;
  /**
   * The messages the server sends on this socket, for the API document: read when it is built,
   * after every start hook, so modules may declare them in theirs.
   */
  messages?(deps: C): SocketMessageDoc[];
}

/** One message type a socket sends, as the API document lists it. */
export interface SocketMessageDoc {
  type: string;
  description: string;
  /** The message's fields beside `type`. */
  schema: TSchema;
  /** The module that declared it. */
  module?: string;
}

/** A command-line tool run on the server (`npm run cli -- <name> …`), e.g. lock-out recovery. */
export interface CommandDef<C = any> {
  /** `<noun> <verb>` words, e.g. `user reset-password`. */
  name: string;
  usage: string;
  summary: string;
  /** Prints with `out`; throws an Error with a readable message to fail. */
  run(args: string[], deps: C, out: (line: string) => void): Promise<void>;
}

export interface ReadinessCheck {
  name: string;
  /**
   * Throws (or rejects) with a readable message when the part is not ready. Resolves with a
   * warning when it works but needs an operator's attention (an outdated ffmpeg): still ready.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: most checks are `async () => {}`, which resolve void.
  check(): Promise<void | { warning: string }>;
}

export type Hook<C> = (deps: C) => Promise<void> | void;

export interface Registrar<C = any> {
  /**
   * Register services in this plugin's container; `exports` are visible to plugins that depend on it.
   * A new export is a ref (`export` below): string exports stay only until every module has moved.
   */
  provide(registrations: NameAndRegistrationPair<any>, options?: { exports?: string[] }): void;
  /**
   * Provide one of this plugin's exports, declared as a ref in its face: registered under the
   * ref's key, visible to the plugins that use the ref, and type-checked against the ref's type.
   */
  export<T>(ref: ExportRef<T>, resolver: Resolver<T>): void;
  routes(defs: RouteDef<C, any, any, any>[]): void;
  sockets(defs: SocketRouteDef<C>[]): void;
  jobs(defs: JobDef<C, any>[]): void;
  /** Supply the credential check for one kind of route auth. One provider per kind. */
  authenticator<K extends CredentialKind>(kind: K, factory: (deps: C) => Authenticator<K>): void;
  readiness(factory: (deps: C) => ReadinessCheck): void;
  commands(defs: CommandDef<C>[]): void;
  /**
   * Koa middleware run before routing on every HTTP request (e.g. session handling), in plugin
   * order. Use sparingly. `first`: ahead of every other plugin's, for a gate that must answer
   * without what the others read (a restore holds the sessions table).
   */
  middleware(factory: (deps: C, app: Koa) => Middleware, options?: { first?: boolean }): void;
  onStart(hook: Hook<C>): void;
  onStop(hook: Hook<C>): void;
}

/** Something an installed plugin still owns; while any remain it cannot be uninstalled. */
export interface OwnedResource {
  type: string;
  id: string;
  name: string;
}

/** How an installed plugin is doing, for the catalog. */
export interface PluginStatus {
  /** It has what it needs to do anything (e.g. at least one instance). */
  configured: boolean;
  /** It is doing something now (e.g. an enabled instance). */
  active: boolean;
  instanceCount: number;
  /** Advisory: something an administrator should look at, or null. */
  attention: string | null;
}

/**
 * An optional feature an administrator installs from the catalog. Until it is installed its
 * migrations have not run, its routes answer 409 plugin_not_installed and its jobs are skipped;
 * its start hooks still run, so they must only register (never touch its tables).
 */
export interface InstallableDef<C = any> {
  title: string;
  description: string;
  /** Runs once per installation, in the transaction that records it, after the migrations. */
  seed?(deps: C, trx: Knex.Transaction): Promise<void>;
  /** What it owns now (instances, …): uninstalling is refused while this is not empty. */
  resources(deps: C): Promise<OwnedResource[]>;
  status(deps: C): Promise<PluginStatus>;
}

export interface PluginDef<C = any> {
  /** kebab-case; prefixes its tables, job names and migration table. */
  name: string;
  dependsOn?: string[];
  /**
   * The exports of other modules it resolves, by the name its deps use (`{ userDirectory:
   * userDirectoryRef }`); each ref's module must be among its dependencies. Derive the deps type
   * from the same object with `UsedDeps` (`kernel/export-ref.ts`).
   */
  uses?: { [K in keyof C]?: ExportRef<C[K]> };
  /** Folder of knex migrations (`new URL('./migrations', import.meta.url)`), run in file-name order. */
  migrations?: URL;
  /** Present for optional features (plugins/); core modules are always installed. */
  installable?: InstallableDef<C>;
  /** Declarative only: no I/O here. */
  register(r: Registrar<C>): void;
}

export function definePlugin<C = any>(def: PluginDef<C>): PluginDef<C> {
  return def;
}

/**
 * One area of a large module (media's uploads, screens' pairing): it registers its own services,
 * routes, jobs and hooks on the module's registrar, typed by its own small deps. The module's
 * `register` calls each of its parts.
 */
export type ModulePart<C> = (r: Registrar<C>) => void;

/** Typed route builder: `const route = routeFor<MyDeps>(); route({...})` infers params, query and body. */
export function routeFor<C>() {
  return <P extends TSchema = TSchema, Q extends TSchema = TSchema, B extends TSchema = TSchema>(def: RouteDef<C, P, Q, B>): RouteDef<C, P, Q, B> => def;
}

export function jobFor<C>() {
  return <S extends TSchema>(def: JobDef<C, S>): JobDef<C, S> => def;
}

export type { AuthRequest, Authenticator, Principal, RouteAuth };
