/** The browser build of ali-oss (UMD, no Node built-ins): the same client class as the package's main entry. */
declare module 'ali-oss/dist/aliyun-oss-sdk.min.js' {
  import OSS from 'ali-oss';
  export default OSS;
}
