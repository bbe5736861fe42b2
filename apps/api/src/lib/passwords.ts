import bcrypt from 'bcrypt';

/** bcrypt cost: about 60 ms a hash on our machines, slow enough for stolen hashes. */
export const BCRYPT_COST = 10;

export const hashPassword = (plain: string) => bcrypt.hash(plain, BCRYPT_COST);
export const verifyPassword = (plain: string, hash: string) => bcrypt.compare(plain, hash);

/**
 * Compared against when the account does not exist, so both cases take as long. A fixed
 * hash at BCRYPT_COST (10, the `$10$` in it) rather than one computed at every start.
 */
export const DUMMY_HASH = '$2b$10$yZ28.4hhl/6M8C9EPa8Ca.F9RUpiy/k/IVISNJXLjv7Mw51BOgOIW';
