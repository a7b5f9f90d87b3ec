import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { download, type Query } from '../../app/http';

/** 导出: downloads the list's export with the current filters; spins while the file comes. */
export function ExportButton({
  path,
  filters,
  fileName,
  testId,
}: {
  path: string;
  filters: Query;
  fileName: string;
  testId: string;
}) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      await download(path, filters, fileName);
    } catch {
      // download() has already shown the failure (SPEC §8 export failure).
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={exporting} onClick={run} data-testid={testId}>
      导出
    </Button>
  );
}
