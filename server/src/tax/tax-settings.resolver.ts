import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly } from '../auth';
import { FieldCost } from '../common/graphql/field-cost';
import { TAX_RULES } from '../shared/tax-rules';
import { classesInRupees } from './tax-classes';
import { taxSettingsView } from './tax-settings';
import { TaxSettingsService } from './tax-settings.service';
import { TaxClassType, TaxSettingsDto, TaxSettingsType } from './tax.types';

@Resolver()
export class TaxSettingsResolver {
  constructor(private readonly settings: TaxSettingsService) {}

  @Query(() => TaxSettingsType)
  @AdminOnly()
  async taxSettings() {
    return taxSettingsView(await this.settings.read());
  }

  @Mutation(() => TaxSettingsType, {
    description: 'Changes the fields given; a refusal names its field and changes nothing',
  })
  @AdminOnly()
  async updateTaxSettings(@Args('input') input: TaxSettingsDto) {
    return taxSettingsView(await this.settings.update(input));
  }

  @Query(() => [TaxClassType], { description: "The shop's tax classes" })
  @FieldCost({ maxItems: TAX_RULES.maxClasses })
  @AdminOnly()
  async taxClasses() {
    return classesInRupees(await this.settings.classes()).classes;
  }

  @Mutation(() => [TaxClassType], {
    description: 'Replaces the tax classes; a refusal names its field and changes nothing',
  })
  @FieldCost({ maxItems: TAX_RULES.maxClasses })
  @AdminOnly()
  async setTaxClasses(@Args('classes', { type: () => [TaxClassType] }) classes: TaxClassType[]) {
    return classesInRupees(await this.settings.updateClasses(classes)).classes;
  }
}
