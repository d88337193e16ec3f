import * as carouselSlides from './carousel-slides.server.ts'
import type { contentModel } from './content-model.server.ts'
import * as events from './events.server.ts'
import * as galleryImages from './gallery-images.server.ts'
import * as gettingHere from './getting-here.server.ts'
import * as leadershipTeam from './leadership-team.server.ts'
import * as ministries from './ministries.server.ts'
import * as services from './services.server.ts'

type Model = ReturnType<typeof contentModel>
type ListTableModel = Pick<Model, 'list' | 'get' | 'create' | 'update' | 'delete'> & {
  reorder?: Model['reorder']
}

/** The list tables of the REST API (`/api/<table>`), by their spec names. */
export const LIST_TABLES: Record<string, ListTableModel> = {
  services: {
    list: services.listServices,
    get: services.getService,
    create: services.createService,
    update: services.updateService,
    delete: services.deleteService,
  },
  events: {
    list: events.listEvents,
    get: events.getEvent,
    create: events.createEvent,
    update: events.updateEvent,
    delete: events.deleteEvent,
  },
  ministries: {
    list: ministries.listMinistries,
    get: ministries.getMinistry,
    create: ministries.createMinistry,
    update: ministries.updateMinistry,
    delete: ministries.deleteMinistry,
  },
  gallery_images: {
    list: galleryImages.listGalleryImages,
    get: galleryImages.getGalleryImage,
    create: galleryImages.createGalleryImage,
    update: galleryImages.updateGalleryImage,
    delete: galleryImages.deleteGalleryImage,
  },
  carousel_slides: {
    list: carouselSlides.listCarouselSlides,
    get: carouselSlides.getCarouselSlide,
    create: carouselSlides.createCarouselSlide,
    update: carouselSlides.updateCarouselSlide,
    delete: carouselSlides.deleteCarouselSlide,
    reorder: carouselSlides.reorderCarouselSlides,
  },
  leadership_team: {
    list: leadershipTeam.listLeadershipTeam,
    get: leadershipTeam.getLeadershipMember,
    create: leadershipTeam.createLeadershipMember,
    update: leadershipTeam.updateLeadershipMember,
    delete: leadershipTeam.deleteLeadershipMember,
    reorder: leadershipTeam.reorderLeadershipTeam,
  },
  getting_here: {
    list: gettingHere.listGettingHere,
    get: gettingHere.getGettingHere,
    create: gettingHere.createGettingHere,
    update: gettingHere.updateGettingHere,
    delete: gettingHere.deleteGettingHere,
    reorder: gettingHere.reorderGettingHere,
  },
}

export function getListTable(name: string | undefined) {
  return name && Object.hasOwn(LIST_TABLES, name) ? LIST_TABLES[name] : undefined
}
