import { UrlListUploader, type UrlListUploaderProps } from './url-list-uploader';

/** SPEC §5 "a further uploader": no client checks (the server still applies its own); purpose=file. */
export function PlainUploader(props: UrlListUploaderProps) {
  return <UrlListUploader {...props} purpose="file" listType="text" testId="plain-uploader" />;
}
