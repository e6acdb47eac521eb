import { adjectives, animals, colors, uniqueNamesGenerator } from 'unique-names-generator';

/** Memorable names like "brave-crimson-otter"; uniqueness is not required (the id is the key). */
export const newJobName = (): string => uniqueNamesGenerator({ dictionaries: [adjectives, colors, animals], separator: '-', length: 3 });
