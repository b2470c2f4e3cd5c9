/**
 * The filter form above a paged table (SPEC §2 paging tables): an inline form (class list-filter)
 * with the page's filter fields followed by the 查询 button, and the single-field title search of
 * the bank and exam lists.
 */
import type { ReactNode } from 'react';
import { Button, Form, Input, type FormInstance } from 'antd';
import { SearchOutlined } from '@ant-design/icons';

/**
 * `children` are the Form.Items; submitting (button or Enter) calls `onSearch` with their values.
 * `onValuesChange(changed, form)` lets a page make one field follow another (e.g. a chapter filter
 * reset when the bank changes).
 */
export function SearchBar<V extends object>({
  onSearch,
  initialValues,
  onValuesChange,
  children,
}: {
  onSearch: (values: V) => void;
  initialValues?: Partial<V>;
  onValuesChange?: (changed: Partial<V>, form: FormInstance<V>) => void;
  children: ReactNode;
}) {
  const [form] = Form.useForm<V>();
  return (
    <Form<V> form={form} layout="inline" className="list-filter" initialValues={initialValues} onFinish={onSearch} onValuesChange={onValuesChange ? (changed: Partial<V>) => onValuesChange(changed, form) : undefined}>
      {children}
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查询
        </Button>
      </Form.Item>
    </Form>
  );
}

/** A SearchBar with one title input; `onSearch` gets the trimmed title ('' when empty). */
export function TitleSearch({ placeholder, onSearch }: { placeholder: string; onSearch: (title: string) => void }) {
  return (
    <SearchBar<{ title?: string }> onSearch={(v) => onSearch((v.title ?? '').trim())}>
      <Form.Item name="title">
        <Input placeholder={placeholder} allowClear />
      </Form.Item>
    </SearchBar>
  );
}
