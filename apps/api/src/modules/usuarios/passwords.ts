import bcrypt from 'bcrypt';

/** bcrypt cost: about 60 ms a hash on our machines, slow enough for stolen hashes. */
export const BCRYPT_COST = 10;

export const hashPassword = (plain: string) => bcrypt.hash(plain, BCRYPT_COST);
export const verifyPassword = (plain: string, hash: string) => bcrypt.compare(plain, hash);

/** Compared against when the account does not exist, so both cases take as long. */
export const DUMMY_HASH = bcrypt.hashSync('contraseña-que-no-existe', BCRYPT_COST);
