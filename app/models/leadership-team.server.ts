import { contentModel } from './content-model.server.ts'
import { type LeadershipMember, LeadershipMemberSchema } from '#app/schemas/leadership-member.ts'

const model = contentModel({
  table: 'leadership_team',
  schema: LeadershipMemberSchema,
  richText: ['bio'],
  ordered: true,
  toRecord: (row): LeadershipMember => ({ ...row }),
  toRow: (data) => ({ ...data }),
})

export const listLeadershipTeam = model.list
export const getLeadershipMember = model.get
export const createLeadershipMember = model.create
export const updateLeadershipMember = model.update
export const deleteLeadershipMember = model.delete
export const reorderLeadershipTeam = model.reorder
