import { checkAgreement } from './file-checks';
import { UrlListUploader, type UrlListUploaderProps } from './url-list-uploader';

/** SPEC §2/§5 image-or-PDF uploader: JPEG/PNG/PDF under 5 MB, checked before upload; purpose=agreement. */
export function AgreementUploader(props: UrlListUploaderProps) {
  return (
    <UrlListUploader
      {...props}
      purpose="agreement"
      check={checkAgreement}
      accept="image/jpeg,image/png,application/pdf"
      listType="picture"
      tip="只能上传jpg/png/pdf文件，且不超过5M"
      testId="agreement-uploader"
    />
  );
}
