import { Button, CloseButton, Group, Stack, TagsInput, TextInput } from '@mantine/core';
import { VARIANT_RULES } from '@shop/rules';
import { canAddOption, GridErrors, OptionDraft } from './variant-grid';

interface OptionsEditorProps {
  options: OptionDraft[];
  errors: GridErrors;
  onChange(options: OptionDraft[]): void;
}

/** The product's options (at most 3): each a name and its values, typed and ended by Enter. */
export function OptionsEditor({ options, errors, onChange }: OptionsEditorProps) {
  const change = (index: number, changes: Partial<OptionDraft>) =>
    onChange(options.map((option, at) => (at === index ? { ...option, ...changes } : option)));
  return (
    <Stack gap="sm">
      {options.map((option, index) => (
        <Group key={index} align="flex-start" wrap="nowrap">
          <TextInput
            label={`Option ${index + 1} name`}
            placeholder="Size"
            maxLength={VARIANT_RULES.maxLabel}
            value={option.name}
            error={errors[`options.${index}.name`]}
            onChange={(event) => change(index, { name: event.currentTarget.value })}
            w={160}
          />
          <TagsInput
            label={`Option ${index + 1} values`}
            description="Press Enter after each value"
            placeholder="S, M, L"
            value={option.values}
            maxTags={VARIANT_RULES.maxValues}
            error={errors[`options.${index}.values`]}
            onChange={(values) => change(index, { values })}
            style={{ flex: 1 }}
          />
          <CloseButton
            mt={28}
            aria-label={`Remove option ${index + 1}${option.name ? ` (${option.name})` : ''}`}
            onClick={() => onChange(options.filter((_, at) => at !== index))}
          />
        </Group>
      ))}
      {canAddOption(options) && (
        <Button
          variant="default"
          w="fit-content"
          onClick={() => onChange([...options, { name: '', values: [] }])}
        >
          Add an option
        </Button>
      )}
    </Stack>
  );
}
