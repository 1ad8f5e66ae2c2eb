/**
 * docs/platform.md's tables of rights are the declarations as the doc states them: Rights is the
 * default matrix of shared/permissions.ts (each right once), and Which right guards each resource
 * names each resource once with its definition's read and write. A right or resource added in code
 * without its row (or a row the code no longer has) fails here.
 */
import { AREAS, DEFAULT_ROLE_MATRIX, ROLES } from '@glazier/shared/permissions';
import { RESOURCES, RESOURCE_NAMES } from '@glazier/shared/resources/registry';
import { describe, expect, it } from 'vitest';
import { documentedGuards, platformTable } from '../doc-tables.ts';

describe('docs/platform.md', () => {
  it('Rights: every right of permissions.ts once, with its default level per role', () => {
    const documented: Record<string, string[]> = {};
    for (const [areas = '', ...levels] of platformTable('Rights'))
      for (const area of areas.split(',').map((a) => a.trim())) {
        expect(documented, `${area} twice`).not.toHaveProperty(area);
        documented[area] = levels.map((level) => level.replace(/\s*\(.*\)$/, ''));
      }
    const declared = Object.fromEntries(
      AREAS.map((area) => [area, ROLES.map((role) => (DEFAULT_ROLE_MATRIX[role][area].edit ? 'edit' : DEFAULT_ROLE_MATRIX[role][area].view ? 'view' : '–'))]),
    );
    expect(documented).toEqual(declared);
  });

  it('Which right guards each resource: every resource once, with its definition`s read and write', () => {
    const declared = Object.fromEntries(RESOURCE_NAMES.map((name) => [name, [RESOURCES[name].read, RESOURCES[name].write]]));
    expect(documentedGuards()).toEqual(declared);
  });
});
