-- One organisation per person (src/checkout/business-members.ts): the library's organization
-- plugin checks `organizationLimit` before it adds a member, which two invitations accepted at
-- once both pass; this index makes the database refuse the second membership.
DROP INDEX "auth_member_userId_idx";
CREATE UNIQUE INDEX "auth_member_userId_idx" ON "auth_member" ("userId");
