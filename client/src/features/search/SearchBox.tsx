import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { SEARCH_KEYWORD, searchPath } from '../../lib/routes';

/** The server refuses longer searches. */
const MAX_SEARCH_LENGTH = 100;

/** Submitting goes to /search with the keyword; the results page asks the server. */
export function SearchBox() {
  const [params] = useSearchParams();
  const form = useForm({ initialValues: { keyword: params.get(SEARCH_KEYWORD) ?? '' } });
  const navigate = useNavigate();
  const submit = form.onSubmit(({ keyword }) => {
    const trimmed = keyword.trim();
    if (trimmed) navigate(searchPath(trimmed));
  });
  return (
    <form onSubmit={submit} role="search">
      <Group gap={4} wrap="nowrap">
        <TextInput
          type="search"
          placeholder="Search"
          aria-label="Search"
          maxLength={MAX_SEARCH_LENGTH}
          size="xs"
          {...form.getInputProps('keyword')}
        />
        <Button type="submit" variant="outline" size="xs">
          Search
        </Button>
      </Group>
    </form>
  );
}
