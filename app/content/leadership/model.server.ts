import { listModels } from '#app/models/content-models.server.ts'

const model = listModels.leadership_team

export const listLeadershipTeam = model.list
export const countLeadershipTeam = model.count
export const getLeadershipMember = model.get
export const createLeadershipMember = model.create
export const updateLeadershipMember = model.update
export const deleteLeadershipMember = model.delete
export const reorderLeadershipTeam = model.reorder!
