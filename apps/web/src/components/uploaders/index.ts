export * from './agreement-uploader';
export * from './avatar-uploader';
export * from './file-checks';
export * from './plain-uploader';
export * from './upload-request';
