import { writeFileSync } from 'node:fs';
import { describeApplication } from '../kernel/describe-application.js';
import { application } from './application.js';

// `node --import tsx jobs/write-api-document.ts <file>`: the console's build writes the API
// document here and generates its typed client from it.
const target = process.argv[2];
if (!target) throw new Error('usage: write-api-document.ts <output file>');
writeFileSync(target, `${JSON.stringify(describeApplication(application, 'http://localhost'), null, 2)}\n`);
