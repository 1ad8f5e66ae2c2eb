export function nodeVersionProblem(version: string, range: string): string | null;
