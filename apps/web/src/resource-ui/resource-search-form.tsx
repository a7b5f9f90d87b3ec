import type { ResourceDef } from '@peis/shared';
import { Col, Form } from 'antd';
import type { Query } from '../app/http';
import { SearchCard } from '../components/list';
import { SearchField, toFilterQuery } from './field-kinds/search-field';

export interface ResourceSearchFormProps {
  resource: ResourceDef;
  /** Called with the list query parameters of the filled-in filters (查询) or with none (重置). */
  onSearch: (filters: Query) => void;
  /** Fields the page already fixes (e.g. the dictionary type chosen beside the list): no control for them. */
  omit?: readonly string[];
}

/** The list page's search form: one control per field carrying a `filter`, then 查询 and 重置. */
export function ResourceSearchForm({ resource, onSearch, omit }: ResourceSearchFormProps) {
  const [form] = Form.useForm();
  const filterable = Object.entries(resource.fields).filter(
    ([key, f]) => f.filter && f.kind !== 'title' && !omit?.includes(key),
  );
  if (filterable.length === 0) return null;
  return (
    <SearchCard<Record<string, unknown>>
      form={form}
      // A form name prefixes the field ids, so they never clash with the dialog's fields.
      name={`search-${resource.name}`}
      testId="resource-search"
      onSearch={(values) => onSearch(toFilterQuery(resource.fields, values))}
      onReset={() => onSearch({})}
    >
      {/* On a phone the whole form folds behind SearchCard's 筛选 button. */}
      {filterable.map(([key, f]) => (
        <Col key={key} xs={24} sm={12} lg={8} xxl={6}>
          <Form.Item name={key} label={f.label} style={{ marginBlock: 8 }}>
            <SearchField field={f} />
          </Form.Item>
        </Col>
      ))}
    </SearchCard>
  );
}
