// A local S3-protocol server for the tests (s3rver), run as a child process by s3-server.ts:
// argv[2] is its folder, argv[3] a comma-separated list of buckets to create, argv[4] the port
// (0 or none: any free one), argv[5] an optional CORS configuration (XML) for every bucket. Prints the
// port it listens on.
const S3rver = require('s3rver');

const [directory, buckets = '', port = '0', cors] = process.argv.slice(2);
const server = new S3rver({
  port: Number(port),
  address: '127.0.0.1',
  directory,
  silent: true,
  configureBuckets: buckets
    .split(',')
    .filter(Boolean)
    .map((name) => ({ name, configs: cors ? [cors] : [] })),
});
server.run().then(
  ({ port }) => process.stdout.write(`listening ${port}\n`),
  (err) => {
    process.stderr.write(`${err.stack}\n`);
    process.exit(1);
  },
);
process.on('SIGTERM', () => process.exit(0));
