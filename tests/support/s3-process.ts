// s3rver as a process of its own, as any store is to the booth: its work never waits behind the
// test's or the bench's own, and a crash of it is an outage, not the end of the test run.
// Arguments: port, folder. Prints "ready" once it answers; SIGTERM closes it, and so does the end
// of its standard input, so that it never outlives a test run that died.
import S3rver from 's3rver';

const [port, directory] = process.argv.slice(2);
const server = new S3rver({ port: Number(port), address: '127.0.0.1', silent: true, directory });
await server.run();
process.stdout.write('ready\n');
const close = () => void server.close().then(() => process.exit(0));
process.once('SIGTERM', close);
process.stdin.once('close', close);
process.stdin.resume();
