import { IsInt, IsString, validateSync } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { rememberValidationRules } from '../../src/common/validation';

class Parcel {
  @IsString()
  label!: string;
}

class FragileParcel extends Parcel {
  @IsInt()
  floors!: number;
}

const faultsOf = (value: object) =>
  validateSync(value).flatMap((fault) => Object.keys(fault.constraints ?? {}));

describe("class-validator's rules, kept once looked up", () => {
  rememberValidationRules();

  it("finds a class's own rules and its ancestors', again and again", () => {
    for (let round = 0; round < 3; round++) {
      expect(faultsOf(Object.assign(new FragileParcel(), { label: 7, floors: 'two' }))).toEqual([
        'isInt',
        'isString',
      ]);
      expect(faultsOf(Object.assign(new Parcel(), { label: 'ok' }))).toEqual([]);
    }
  });

  it('forgets what it kept when a rule is added to a class already looked up', () => {
    const parcel = () => Object.assign(new Parcel(), { label: 'ok', weight: 'heavy' });
    expect(faultsOf(parcel())).toEqual([]);
    IsInt()(Parcel.prototype, 'weight');
    expect(faultsOf(parcel())).toEqual(['isInt']);
    // And a subclass, looked up before, inherits it.
    expect(
      faultsOf(Object.assign(new FragileParcel(), { label: 'ok', floors: 1, weight: 'x' })),
    ).toEqual(['isInt']);
  });
});
