// The storefront's helpers the journeys borrow speak English here, the shop's first language.
import { i18n } from '@lingui/core';

i18n.loadAndActivate({ locale: 'en', messages: {} });
