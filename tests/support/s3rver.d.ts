// The part of s3rver (a fake S3 server for tests) that tests/support/s3.ts uses; it ships no types.
declare module "s3rver" {
  export default class S3rver {
    constructor(options: { port?: number; address?: string; silent?: boolean; directory: string });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
