/** Where a player's avatar is served: each upload bumps the version, so a new picture gets a new address. */
export const avatarPath = (userId: number, version: number | null) => (version ? `/avatars/${userId}-${version}.jpg` : null);
