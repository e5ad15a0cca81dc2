import { randomUUID } from 'node:crypto';

/**
 * A drawn rectangle as the console sends it: a placement that names no other content, so it is
 * always publishable. An override of `undefined` leaves the field out.
 */
export const rectangle = (over: Record<string, unknown> = {}) =>
  JSON.parse(
    JSON.stringify({
      id: randomUUID(),
      type: 'primitive',
      name: 'Box',
      x: 10,
      y: 10,
      width: 200,
      height: 100,
      layer: 1,
      opacity: 1,
      visible: true,
      locked: false,
      primitive: { kind: 'rectangle', fillColor: '#336699' },
      ...over,
    }),
  );
