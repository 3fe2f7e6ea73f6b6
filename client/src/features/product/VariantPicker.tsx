import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Chip, ColorSwatch, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Fragment, useId } from 'react';
import type { VariantFieldsFragment } from '../../gql/graphql';
import { Choice, paramOf, unavailability, type Unavailable } from './variant-choice';

/** Why a value cannot be chosen, as screen readers say it. */
const REASONS = {
  'out of stock': msg`out of stock`,
  'not sold': msg`not sold`,
} as const;

interface ProductOption {
  name: string;
  values: string[];
}

interface VariantPickerProps {
  options: readonly ProductOption[];
  variants: readonly VariantFieldsFragment[];
  choice: Choice;
  onChoose(option: string, value: string): void;
}

/** A colour a browser can paint, for a swatch beside the value's name ("Blue", "Maroon"). */
function paintable(value: string): string | null {
  const colour = value.toLowerCase().replace(/\s+/g, '');
  return typeof CSS !== 'undefined' && CSS.supports?.('color', colour) ? colour : null;
}

/** Each option's values as a group of radio chips, one value of each chosen at a time. */
export function VariantPicker({ options, variants, choice, onChoose }: VariantPickerProps) {
  return (
    <Stack gap="sm" data-testid="variant-picker">
      {options.map((option) => (
        <OptionChoice
          key={option.name}
          option={option}
          chosen={choice[option.name]}
          reasonOf={(value) => unavailability(variants, options, choice, option, value)}
          onChoose={(value) => onChoose(option.name, value)}
        />
      ))}
    </Stack>
  );
}

interface OptionChoiceProps {
  option: ProductOption;
  chosen: string | undefined;
  reasonOf(value: string): Unavailable;
  onChoose(value: string): void;
}

/**
 * One option: its name and chosen value as the group's label, its values as native radios
 * (arrow keys move between them). A value that cannot be had beside the others chosen is
 * disabled, its reason told to screen readers.
 */
function OptionChoice({ option, chosen, reasonOf, onChoose }: OptionChoiceProps) {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <div role="radiogroup" aria-labelledby={`${id}-label`}>
      <Text id={`${id}-label`} fw={600} size="sm" mb={6}>
        {option.name}
        {chosen && `: ${chosen}`}
      </Text>
      <Chip.Group value={chosen ?? null} onChange={(value) => value && onChoose(value)}>
        <Group gap="xs">
          {option.values.map((value, index) => {
            const reason = reasonOf(value);
            const swatch = paintable(value);
            const reasonId = `${id}-${index}`;
            return (
              <Fragment key={value}>
                <Chip
                  value={value}
                  name={`${id}-${paramOf(option)}`}
                  variant="outline"
                  disabled={reason !== null}
                  aria-describedby={reason ? reasonId : undefined}
                  data-unavailable={reason ?? undefined}
                >
                  <Group gap={6} wrap="nowrap" component="span">
                    {swatch && <ColorSwatch component="span" color={swatch} size={14} />}
                    <span style={reason ? { textDecoration: 'line-through' } : undefined}>
                      {value}
                    </span>
                  </Group>
                </Chip>
                {reason && <VisuallyHidden id={reasonId}>{i18n._(REASONS[reason])}</VisuallyHidden>}
              </Fragment>
            );
          })}
        </Group>
      </Chip.Group>
    </div>
  );
}
