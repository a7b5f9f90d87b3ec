import { DownOutlined, UpOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@peis/shared';
import { Button, Col, Form, Grid } from 'antd';
import { useState } from 'react';
import type { Query } from '../app/http';
import { SearchCard } from '../components/list';
import { SearchField, toFilterQuery } from './field-kinds/search-field';

export interface ResourceSearchFormProps {
  resource: ResourceDef;
  /** Called with the list query parameters of the filled-in filters (查询) or with none (重置). */
  onSearch: (filters: Query) => void;
}

/** On a phone only this many filters show until 展开. */
const COLLAPSED_COUNT = 2;

/** The list page's search form: one control per field carrying a `filter`, then 查询 and 重置. */
export function ResourceSearchForm({ resource, onSearch }: ResourceSearchFormProps) {
  const [form] = Form.useForm();
  const screens = Grid.useBreakpoint();
  const [expanded, setExpanded] = useState(false);
  const filterable = Object.entries(resource.fields).filter(([, f]) => f.filter && f.kind !== 'title');
  if (filterable.length === 0) return null;
  const collapsible = !screens.md && filterable.length > COLLAPSED_COUNT;
  return (
    <SearchCard<Record<string, unknown>>
      form={form}
      // A form name prefixes the field ids, so they never clash with the dialog's fields.
      name={`search-${resource.name}`}
      testId="resource-search"
      onSearch={(values) => onSearch(toFilterQuery(resource.fields, values))}
      onReset={() => onSearch({})}
      moreActions={
        collapsible ? (
          <Button type="link" onClick={() => setExpanded((v) => !v)}>
            {expanded ? '收起' : '展开'} {expanded ? <UpOutlined /> : <DownOutlined />}
          </Button>
        ) : null
      }
    >
      {filterable.map(([key, f], i) => (
        // Collapsed filters stay mounted (only hidden) so their values still count.
        <Col
          key={key}
          xs={24}
          sm={12}
          lg={8}
          xxl={6}
          // antd's column classes set display, which beats the hidden attribute: hide by style.
          style={collapsible && !expanded && i >= COLLAPSED_COUNT ? { display: 'none' } : undefined}
        >
          <Form.Item name={key} label={f.label} style={{ marginBlock: 8 }}>
            <SearchField field={f} />
          </Form.Item>
        </Col>
      ))}
    </SearchCard>
  );
}
