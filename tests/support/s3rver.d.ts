// The part of s3rver's API the tests use (it ships no types of its own).
declare module 's3rver' {
  export default class S3rver {
    constructor(options: { port: number; address: string; silent?: boolean; directory: string });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
