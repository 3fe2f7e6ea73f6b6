import { ActionIcon, Group, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';

interface QuantityStepperProps {
  value: number;
  /** The most that may be chosen (the units left to add); at least 1 while any are. */
  max: number;
  onChange(quantity: number): void;
  /** Names the buttons for a screen reader: "One more Kurta". */
  name: string;
  disabled?: boolean;
}

/** A typed quantity held between 1 and `max`; anything not a number goes back to 1. */
export function boundedQuantity(typed: string | number, max: number): number {
  const number = Math.trunc(Number(typed));
  if (!Number.isFinite(number) || number < 1) return 1;
  return Math.min(number, Math.max(max, 1));
}

/**
 * How many to buy: − and + beside a box that also takes a typed number, held between 1 and
 * `max`. The box shows what is typed until it loses the focus, so "12" can be typed through
 * "1"; the quantity it sends is always within bounds.
 */
export function QuantityStepper({ value, max, onChange, name, disabled }: QuantityStepperProps) {
  // What is being typed, shown until the box loses the focus; the quantity otherwise.
  const [typed, setTyped] = useState<string | null>(null);
  const { t } = useLingui();
  const set = (text: string) => {
    setTyped(text);
    if (text.trim() !== '') onChange(boundedQuantity(text, max));
  };
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t`One less ${name}`}
        disabled={disabled || value <= 1}
        onClick={() => onChange(boundedQuantity(value - 1, max))}
      >
        −
      </ActionIcon>
      <TextInput
        aria-label={t`Quantity`}
        inputMode="numeric"
        w={56}
        styles={{ input: { textAlign: 'center' } }}
        value={typed ?? String(value)}
        disabled={disabled}
        onChange={(event) => set(event.currentTarget.value.replace(/\D/g, ''))}
        onBlur={() => setTyped(null)}
      />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t`One more ${name}`}
        disabled={disabled || value >= max}
        onClick={() => onChange(boundedQuantity(value + 1, max))}
      >
        +
      </ActionIcon>
    </Group>
  );
}
