// The plugin catalog's public face: the instance kit that installable plugins build on.
export { instanceGraph, instanceNodeType } from './instances/instance-graph.js';
export { instanceRoutes } from './instances/instance-routes.js';
export { InstanceService, type InstanceDeps, type InstanceKind } from './instances/instance-service.js';
export { InstanceStore, type InstanceRow } from './instances/instance-store.js';
