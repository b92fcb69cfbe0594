/** Zod's own messages (wrong types, unknown keys) in Danish for every caller of @klinik/core. */
import { z } from 'zod';
import da from 'zod/v4/locales/da.js';

z.config(da());
