import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Divider, Flex, Input, Popover, Tooltip, Typography, theme } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cleanHtml, isBlankHtml, SAFE_HREF } from './rich-text-clean';

export interface RichTextInputProps {
  value?: string | null;
  onChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  status?: 'error';
  id?: string;
  'aria-label'?: string;
}

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r?\n/g, '<br>');

/**
 * Puts allowlisted HTML at the caret through the DOM: the browser's insertHTML command would wrap it in
 * spans carrying the surrounding computed styles, the very attributes a paste must not bring.
 */
function insertClean(html: string) {
  const sel = window.getSelection();
  if (!sel || sel.rangeCount === 0) return;
  const range = sel.getRangeAt(0);
  range.deleteContents();
  const fragment = range.createContextualFragment(html);
  const last = fragment.lastChild;
  range.insertNode(fragment);
  if (last) {
    range.setStartAfter(last);
    range.collapse(true);
    sel.removeAllRanges();
    sel.addRange(range);
  }
}

/**
 * A light rich-text editor (contentEditable + the browser's editing commands): bold, italic, underline,
 * 标题/正文, lists, link, quote. Its value is the editor's HTML reduced to that allowlist (b → strong …), so what
 * is saved is what the server keeps; pastes go through the same allowlist. No library: the whole editor is a
 * few kilobytes of the resource screens' chunk.
 */
export function RichTextInput({ value, onChange, placeholder, disabled, status, id, ...aria }: RichTextInputProps) {
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  // The HTML last sent up: a value equal to it is the editor's own, so the DOM (and the caret) stays as is.
  const sent = useRef<string | null>(null);
  const saved = useRef<Range | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('https://');
  const [blank, setBlank] = useState(isBlankHtml(value ?? ''));

  useEffect(() => {
    if (!box.current || (value ?? '') === sent.current) return;
    box.current.innerHTML = cleanHtml(value);
    sent.current = value ?? '';
    setBlank(isBlankHtml(value ?? ''));
  }, [value]);

  const emit = () => {
    if (!box.current) return;
    const raw = box.current.innerHTML;
    const html = isBlankHtml(raw) && !/<li/i.test(raw) ? '' : cleanHtml(raw);
    sent.current = html;
    setBlank(html === '');
    onChange?.(html);
  };
  const exec = (command: string, arg?: string) => {
    box.current?.focus();
    document.execCommand(command, false, arg);
    emit();
  };
  const keepSelection = () => {
    const sel = window.getSelection();
    saved.current = sel && sel.rangeCount > 0 ? sel.getRangeAt(0).cloneRange() : null;
  };
  const insertLink = () => {
    const url = href.trim();
    if (!SAFE_HREF.test(url)) return;
    box.current?.focus();
    const sel = window.getSelection();
    if (saved.current && sel && box.current?.contains(saved.current.commonAncestorContainer)) {
      sel.removeAllRanges();
      sel.addRange(saved.current);
    }
    if (!sel || sel.isCollapsed)
      exec('insertHTML', `<a href="${escapeText(url).replace(/"/g, '&quot;')}">${escapeText(url)}</a>`);
    else exec('createLink', url);
    setLinkOpen(false);
    setHref('https://');
  };

  const tool = (label: string, icon: ReactNode, run: () => void, testId: string) => (
    <Tooltip title={label} key={testId}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={label}
        disabled={disabled}
        data-testid={testId}
        // Keeps the editor's selection: a click on the toolbar must not move focus out first.
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  const textTool = (label: string, text: string, run: () => void, testId: string) =>
    tool(label, <span style={{ fontWeight: 600, fontSize: 12 }}>{text}</span>, run, testId);

  return (
    <div
      style={{
        border: `1px solid ${status === 'error' ? token.colorError : token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: disabled ? token.colorBgContainerDisabled : token.colorBgContainer,
      }}
      data-testid="rich-text"
    >
      <Flex wrap gap={2} align="center" style={{ padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        {tool('加粗', <BoldOutlined />, () => exec('bold'), 'rt-bold')}
        {tool('斜体', <ItalicOutlined />, () => exec('italic'), 'rt-italic')}
        {tool('下划线', <UnderlineOutlined />, () => exec('underline'), 'rt-underline')}
        <Divider orientation="vertical" />
        {textTool('大标题', 'H2', () => exec('formatBlock', 'h2'), 'rt-h2')}
        {textTool('小标题', 'H3', () => exec('formatBlock', 'h3'), 'rt-h3')}
        {textTool('正文', '正文', () => exec('formatBlock', 'p'), 'rt-p')}
        <Divider orientation="vertical" />
        {tool('无序列表', <UnorderedListOutlined />, () => exec('insertUnorderedList'), 'rt-ul')}
        {tool('有序列表', <OrderedListOutlined />, () => exec('insertOrderedList'), 'rt-ol')}
        {textTool('引用', '“”', () => exec('formatBlock', 'blockquote'), 'rt-quote')}
        <Popover
          open={linkOpen}
          onOpenChange={(open) => {
            if (open) keepSelection();
            setLinkOpen(open && !disabled);
          }}
          trigger="click"
          content={
            <Flex gap={8}>
              <Input
                value={href}
                onChange={(e) => setHref(e.target.value)}
                onPressEnter={insertLink}
                status={href.trim() && !SAFE_HREF.test(href.trim()) ? 'error' : undefined}
                placeholder="https://"
                aria-label="链接地址"
                style={{ width: 240 }}
                data-testid="rt-link-url"
              />
              <Button
                type="primary"
                onClick={insertLink}
                disabled={!SAFE_HREF.test(href.trim())}
                data-testid="rt-link-ok"
              >
                确定
              </Button>
            </Flex>
          }
        >
          <span>{tool('链接', <LinkOutlined />, () => undefined, 'rt-link')}</span>
        </Popover>
      </Flex>
      <div style={{ position: 'relative' }}>
        {blank ? (
          <Typography.Text type="secondary" style={{ position: 'absolute', left: 11, top: 8, pointerEvents: 'none' }}>
            {placeholder}
          </Typography.Text>
        ) : null}
        <Typography>
          {/* biome-ignore lint/a11y/useSemanticElements: a rich-text area is a contentEditable element; no native one edits HTML */}
          <div
            ref={box}
            id={id}
            role="textbox"
            aria-multiline="true"
            aria-label={aria['aria-label']}
            contentEditable={!disabled}
            suppressContentEditableWarning
            tabIndex={0}
            onInput={emit}
            onBlur={emit}
            onPaste={(e) => {
              e.preventDefault();
              const html = e.clipboardData.getData('text/html');
              const text = e.clipboardData.getData('text/plain');
              insertClean(html ? cleanHtml(html) : escapeText(text));
              emit();
            }}
            style={{ minHeight: 160, maxHeight: 420, overflowY: 'auto', padding: '6px 11px', outline: 'none' }}
            data-testid="rich-text-body"
          />
        </Typography>
      </div>
    </div>
  );
}
