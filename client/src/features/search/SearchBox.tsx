import { Button, Group, TextInput } from '@mantine/core';
import { FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { SEARCH_KEYWORD, searchPath } from '../../lib/routes';

/** Submitting goes to /search with the keyword; the results page asks the server. */
export function SearchBox() {
  const [params] = useSearchParams();
  const [keyword, setKeyword] = useState(params.get(SEARCH_KEYWORD) ?? '');
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = keyword.trim();
    if (trimmed) navigate(searchPath(trimmed));
  };
  return (
    <form onSubmit={submit} role="search">
      <Group gap={4} wrap="nowrap">
        <TextInput
          type="search"
          placeholder="Search"
          aria-label="Search"
          value={keyword}
          onChange={(event) => setKeyword(event.currentTarget.value)}
          maxLength={100}
          size="xs"
        />
        <Button type="submit" variant="outline" size="xs">
          Search
        </Button>
      </Group>
    </form>
  );
}
