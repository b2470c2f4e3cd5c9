/**
 * The course document viewer (issue 11 "PDF viewer (pdfjs-dist; progress by pages seen and time)";
 * SPEC §2 "Course study players for video and PDF"): one page at a time on a canvas as wide as the
 * player, with previous / next and the page number. pdfjs-dist and its worker (served from our
 * origin: the CSP allows workers from 'self') are loaded only when a document is opened.
 *
 * - `onPage(page, pageCount)` reports every page shown (1-based): the page forwards it to the
 *   reading socket, and the server counts pages seen and time while the page is visible.
 * - `startPage`: where the learner was last time (default 1).
 * - `hold`: page turning is locked (a learning check is pending, or the study was stopped).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Space, Spin, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';

export interface PdfViewerProps {
  url: string;
  startPage?: number;
  hold?: boolean;
  onPage?: (page: number, pageCount: number) => void;
}

/** Loads pdfjs-dist with its worker url (a separate chunk). */
async function loadPdfjs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

export const PDF_LOAD_FAILED = '文档加载失败，请刷新页面重试！';

export function PdfViewer({ url, startPage = 1, hold = false, onPage }: PdfViewerProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(Math.max(1, startPage));
  const [error, setError] = useState('');
  const report = useRef(onPage);
  report.current = onPage;

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    setDoc(null);
    setError('');
    loadPdfjs()
      .then((pdfjs) => pdfjs.getDocument({ url, isEvalSupported: false }).promise)
      .then((d) => {
        loaded = d;
        if (cancelled) return void d.destroy();
        setDoc(d);
        setPage((p) => Math.min(Math.max(1, p), d.numPages));
      })
      .catch(() => !cancelled && setError(PDF_LOAD_FAILED));
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    void doc.getPage(page).then((p) => {
      const c = canvas.current;
      if (cancelled || !c) return;
      const width = box.current?.clientWidth || 800;
      const base = p.getViewport({ scale: 1 });
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: (width / base.width) * ratio });
      c.width = Math.floor(viewport.width);
      c.height = Math.floor(viewport.height);
      c.style.width = `${Math.floor(viewport.width / ratio)}px`;
      c.style.height = `${Math.floor(viewport.height / ratio)}px`;
      task = p.render({ canvas: c, viewport });
      task.promise.then(
        () => !cancelled && report.current?.(page, doc.numPages),
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page]);

  if (error) return <Alert type="error" showIcon title={error} />;
  const count = doc?.numPages ?? 0;
  return (
    <div ref={box} data-testid="course-pdf" onContextMenu={(e) => e.preventDefault()}>
      {!doc && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      <canvas ref={canvas} style={{ display: doc ? 'block' : 'none', margin: '0 auto', boxShadow: '0 0 4px #ccc' }} />
      {doc && (
        <Space style={{ marginTop: 8, width: '100%', justifyContent: 'center' }}>
          <Button icon={<LeftOutlined />} disabled={hold || page <= 1} onClick={() => setPage(page - 1)} data-testid="course-pdf-prev">
            上一页
          </Button>
          <Typography.Text data-testid="course-pdf-page">
            {page} / {count}
          </Typography.Text>
          <Button disabled={hold || page >= count} onClick={() => setPage(page + 1)} data-testid="course-pdf-next">
            下一页 <RightOutlined />
          </Button>
        </Space>
      )}
    </div>
  );
}
