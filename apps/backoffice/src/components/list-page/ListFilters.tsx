import { useId } from 'react';
import { Flex, Input, Select } from 'antd';
import type { ListParams } from './use-list-params';

export type ListFilter<Name extends string> = {
  name: Name;
  label: string;
  testId: string;
  width?: number;
} & (
  | { kind: 'search'; placeholder?: string }
  | {
      kind: 'select';
      options: { value: string; label: string }[];
      /** Shown while the filter is empty, and it can be cleared; or `defaultValue`, what empty stands for. */
      placeholder?: string;
      defaultValue?: string;
    }
);

function FilterControl<Name extends string>({
  filter,
  list,
}: {
  filter: ListFilter<Name>;
  list: ListParams<Name>;
}) {
  const id = useId();
  const value = list.filters[filter.name];
  const style = { width: filter.width ?? 280 };
  return (
    <Flex vertical gap={4}>
      <label htmlFor={id}>{filter.label}</label>
      {filter.kind === 'search' ? (
        <Input.Search
          id={id}
          key={value}
          defaultValue={value}
          placeholder={filter.placeholder}
          allowClear
          enterButton
          onSearch={(text) => list.setFilter(filter.name, text)}
          style={style}
          data-testid={filter.testId}
        />
      ) : (
        <Select
          id={id}
          allowClear={filter.defaultValue === undefined}
          showSearch={{ optionFilterProp: 'label' }}
          value={value || filter.defaultValue}
          placeholder={filter.placeholder}
          options={filter.options}
          onChange={(choice?: string) => list.setFilter(filter.name, choice ?? '')}
          style={style}
          data-testid={filter.testId}
        />
      )}
    </Flex>
  );
}

/** A list's filters, each with its label, writing their values to the URL. */
export function ListFilters<Name extends string>({
  filters,
  list,
}: {
  filters: readonly ListFilter<Name>[];
  list: ListParams<Name>;
}) {
  if (filters.length === 0) return null;
  return (
    <Flex wrap gap={16} align="flex-end" style={{ marginBottom: 16 }}>
      {filters.map((filter) => (
        <FilterControl key={filter.name} filter={filter} list={list} />
      ))}
    </Flex>
  );
}
