import { drawPicture, type Motif } from './seed-art.server.ts'
import { saveAboutUs } from '#app/models/about-us.server.ts'
import { createCarouselSlide } from '#app/models/carousel-slides.server.ts'
import { getChurchInfo, saveChurchInfo } from '#app/models/church-info.server.ts'
import { createEvent } from '#app/models/events.server.ts'
import { createGalleryImage } from '#app/models/gallery-images.server.ts'
import { createGettingHere } from '#app/models/getting-here.server.ts'
import { createLeadershipMember } from '#app/models/leadership-team.server.ts'
import { createMinistry } from '#app/models/ministries.server.ts'
import { createService } from '#app/models/services.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { storeImage } from '#app/storage/images.server.ts'

type SeedRuntime = Pick<AppRuntime, 'db' | 'storage'>

async function picture(runtime: SeedRuntime, motif: Motif, palette: number, width = 1200, height = 800) {
  const png = await drawPicture({ motif, palette, width, height })
  const { secure_url } = await storeImage({ ...runtime, input: png, originalName: `${motif}.png` })
  return secure_url
}

/** Loads the Cork congregation's demo content into an empty database; returns false when there is content. */
export async function seedDemoContent(runtime: SeedRuntime) {
  const { db } = runtime
  if (await getChurchInfo({ db })) return false

  const [slide1, slide2, slide3] = [
    await picture(runtime, 'sunrise', 0, 1600, 900),
    await picture(runtime, 'church', 4, 1600, 900),
    await picture(runtime, 'people', 2, 1600, 900),
  ]

  await saveChurchInfo({
    db,
    data: {
      name: 'IPC Cork',
      description:
        '<p>Welcome to the <strong>Indian Pentecostal Church of God in Cork</strong>, a warm, Spirit-filled family of believers from Kerala, from across India and from all over Ireland.</p><p>Whether you have followed Jesus for years or are simply curious, you will find a seat saved for you, a cup of tea after the service and people who are glad you came. We worship in English and Malayalam, pray for one another and serve our city together.</p>',
      address: 'Unit 4, Kinsale Road Business Park, Ballycurreen, Cork T12 X2Y8, Ireland',
      email: 'hello@ipccork.ie',
      phone: '+353 21 432 0199',
      whatsapp_number: '+353 87 123 4567',
      logo_url: '',
      latitude: 51.8969,
      longitude: -8.4863,
    },
  })

  await saveAboutUs({
    db,
    data: {
      history:
        '<p>IPC Cork began in 2006 as a prayer meeting of four families in a living room in Douglas. Nurses, engineers and students who had come to Cork from Kerala wanted a place to worship in the Pentecostal tradition they had grown up in, and to welcome others into it.</p><p>The fellowship grew quickly. In 2012 we began renting a hall on the Kinsale Road, and today more than 200 people of many nationalities call the church home. We are part of the Indian Pentecostal Church of God, a fellowship of congregations around the world.</p>',
      mission:
        '<p>To know Christ and make Him known: to worship God wholeheartedly, to make disciples who love the Bible, and to serve the people of Cork with the compassion of Jesus.</p>',
      vision:
        '<p>A praying, worshipping church where every generation grows in faith, every newcomer finds a family and every member discovers their gifts in service.</p>',
      values:
        '<ul><li><strong>Prayer</strong> is our first work, not our last resort.</li><li><strong>Scripture</strong> shapes what we believe and how we live.</li><li><strong>Hospitality</strong> makes room at the table for everyone.</li><li><strong>Generosity</strong> with our time, gifts and resources.</li></ul>',
      image_url: await picture(runtime, 'book', 5),
    },
  })

  for (const slide of [
    { title: 'Welcome Home', subtitle: 'A Spirit-filled family in the heart of Cork', image_url: slide1 },
    {
      title: 'Sunday Worship at 10:30 AM',
      subtitle: 'English and Malayalam, with a warm welcome for all',
      image_url: slide2,
    },
    {
      title: 'Grow Together',
      subtitle: 'Bible study, prayer and friendship all through the week',
      image_url: slide3,
    },
  ]) {
    await createCarouselSlide({ db, data: slide })
  }

  for (const service of [
    {
      name: 'Sunday Worship Service',
      day: 'Sunday',
      time: '10:30 AM',
      type: 'regular',
      location: 'Main Hall',
      description:
        '<p>Our main gathering: joyful worship, prayer and a message from the Bible, with Sunday School for children during the sermon.</p>',
    },
    {
      name: 'Malayalam Service',
      day: 'Sunday',
      time: '4:00 PM',
      type: 'regular',
      location: 'Main Hall',
      description: '<p>Worship and preaching in Malayalam for our Kerala families and friends.</p>',
    },
    {
      name: 'Midweek Bible Study',
      day: 'Wednesday',
      time: '7:30 PM',
      type: 'regular',
      location: 'Online and in the Fellowship Room',
      description:
        '<p>An hour in the Scriptures together, working through one book of the Bible at a time.</p>',
    },
    {
      name: 'Friday Prayer Meeting',
      day: 'Friday',
      time: '8:00 PM',
      type: 'regular',
      location: 'Fellowship Room',
      description: '<p>Come and pray for our church, our families and our city.</p>',
    },
    {
      name: 'Christmas Carol Service',
      day: 'Sunday 20 December',
      time: '6:00 PM',
      type: 'special',
      location: 'Main Hall',
      description: '<p>Carols, candlelight and the Christmas story, followed by mince pies and chai.</p>',
    },
    {
      name: 'Easter Sunrise Service',
      day: 'Easter Sunday',
      time: '6:30 AM',
      type: 'special',
      location: 'Fitzgerald Park',
      description: '<p>We greet the risen Lord together at dawn by the River Lee, then share breakfast.</p>',
    },
    {
      name: 'Baptism Service',
      day: 'Last Sunday of June',
      time: '2:00 PM',
      type: 'special',
      location: 'Myrtleville Beach',
      description: '<p>Celebrate with those taking their next step of faith in the waters of baptism.</p>',
    },
  ]) {
    await createService({ db, data: service })
  }

  const eventArt: Array<[Motif, number]> = [
    ['candle', 6],
    ['people', 1],
    ['hills', 5],
    ['book', 3],
    ['dove', 0],
    ['waves', 4],
  ]
  const eventImages: string[] = []
  for (const [motif, palette] of eventArt) eventImages.push(await picture(runtime, motif, palette))
  for (const event of [
    {
      title: 'Christmas Carol Night',
      date: 'Sunday 20 December 2026',
      time: '6:00 PM',
      location: 'Main Hall, Kinsale Road',
      description:
        '<p>An evening of carols, candlelight and the good news of Christmas. Bring your friends and neighbours.</p>',
      image_url: eventImages[0],
      is_regular: false,
    },
    {
      title: 'Family Fun Day',
      date: 'Saturday 9 January 2027',
      time: '11:00 AM',
      location: 'Ballyphehane Community Centre',
      description:
        '<p>Bouncy castle, face painting, a cricket match and Kerala food stalls for the whole family.</p>',
      image_url: eventImages[1],
      is_regular: false,
    },
    {
      title: 'Youth Retreat in West Cork',
      date: '12–14 February 2027',
      time: 'Friday 6:00 PM',
      location: 'Glengarriff',
      description:
        '<p>A weekend away for 13–25 year olds: worship, hill walks, games and honest talks about faith.</p>',
      image_url: eventImages[2],
      is_regular: false,
    },
    {
      title: "Women's Conference",
      date: 'Saturday 6 March 2027',
      time: '10:00 AM',
      location: 'Main Hall, Kinsale Road',
      description:
        '<p>A day of worship, teaching and fellowship for women of every age, with lunch provided.</p>',
      image_url: eventImages[3],
      is_regular: false,
    },
    {
      title: 'Easter Sunrise Service',
      date: 'Sunday 28 March 2027',
      time: '6:30 AM',
      location: 'Fitzgerald Park',
      description: '<p>He is risen! Join us by the river at dawn, followed by breakfast together.</p>',
      image_url: eventImages[4],
      is_regular: false,
    },
    {
      title: 'Baptism at Myrtleville',
      date: 'Sunday 27 June 2027',
      time: '2:00 PM',
      location: 'Myrtleville Beach',
      description: '<p>Come and cheer on those being baptised, then stay for a picnic on the beach.</p>',
      image_url: eventImages[5],
      is_regular: false,
    },
    {
      title: 'Sunday School',
      date: 'Every Sunday',
      time: '11:15 AM',
      location: "Children's Room",
      description: '<p>Bible stories, songs and crafts for children aged 4–12 during the sermon.</p>',
      image_url: null,
      is_regular: true,
    },
    {
      title: 'Youth Night',
      date: 'Every Saturday',
      time: '7:00 PM',
      location: 'Fellowship Room',
      description: '<p>Games, worship and a short talk for teenagers, with pizza once a month.</p>',
      image_url: null,
      is_regular: true,
    },
    {
      title: 'Cottage Prayer Meetings',
      date: 'First Tuesday of the month',
      time: '8:00 PM',
      location: 'Homes across Cork',
      description:
        '<p>Small groups meet in homes in Douglas, Bishopstown, Blackpool and Ballincollig to pray together.</p>',
      image_url: null,
      is_regular: true,
    },
  ]) {
    await createEvent({ db, data: event })
  }

  const ministryArt: Array<[Motif, number]> = [
    ['people', 3],
    ['dove', 5],
    ['waves', 2],
    ['candle', 0],
    ['book', 7],
  ]
  const ministryImages: string[] = []
  for (const [motif, palette] of ministryArt) ministryImages.push(await picture(runtime, motif, palette))
  for (const [index, ministry] of [
    {
      name: "Children's Ministry",
      description:
        '<p>Sunday School, holiday Bible club and a safe, joyful place for children to learn that God loves them. All our volunteers are Garda vetted.</p>',
      activities: ['Sunday School (ages 4–12)', 'Holiday Bible Club in August', 'Christmas nativity play'],
    },
    {
      name: 'Youth Ministry',
      description:
        '<p>Helping teenagers and young adults follow Jesus in school, college and work through friendship, worship and honest questions.</p>',
      activities: ['Saturday Youth Night', 'Annual youth retreat', 'Mentoring and small groups'],
    },
    {
      name: 'Worship and Music',
      description:
        '<p>Our singers, musicians and sound team lead the church in praise every week, in English and Malayalam.</p>',
      activities: ['Sunday worship team', 'Choir for Christmas and Easter', 'Sound and livestream team'],
    },
    {
      name: 'Prayer Ministry',
      description:
        '<p>Prayer is the heartbeat of our church. Our prayer team meets weekly and is always ready to pray with you.</p>',
      activities: ['Friday prayer meeting', 'Monthly night of prayer', 'Prayer requests by WhatsApp'],
    },
    {
      name: "Women's Fellowship",
      description:
        '<p>Women of every age meeting to study the Bible, pray and support one another through every season of life.</p>',
      activities: ['Monthly Bible study', "Annual women's conference", 'Meals for new mothers'],
    },
    {
      name: 'Community Outreach',
      description:
        '<p>Serving our neighbours in Cork with food parcels, visits and practical help for families who are new to Ireland.</p>',
      activities: ['Food bank collections', 'Welcome packs for newcomers', 'Hospital and home visits'],
    },
  ].entries()) {
    await createMinistry({ db, data: { ...ministry, image_url: ministryImages[index] ?? null } })
  }

  const gallery: Array<[string, 'worship' | 'prayer' | 'youth' | 'children' | 'events', Motif, number]> = [
    ['Sunday morning worship', 'worship', 'sunrise', 2],
    ['Praise night', 'worship', 'waves', 6],
    ['Choir at Christmas', 'worship', 'candle', 3],
    ['Friday prayer meeting', 'prayer', 'dove', 0],
    ['Night of prayer', 'prayer', 'candle', 4],
    ['Prayer walk by the Lee', 'prayer', 'hills', 5],
    ['Youth retreat in Glengarriff', 'youth', 'hills', 1],
    ['Youth night games', 'youth', 'people', 6],
    ['Sunday School crafts', 'children', 'book', 3],
    ['Nativity play', 'children', 'people', 7],
    ['Baptism at Myrtleville', 'events', 'waves', 0],
    ['Family fun day', 'events', 'people', 4],
    ['Church anniversary', 'events', 'church', 2],
  ]
  for (const [title, category, motif, palette] of gallery) {
    await createGalleryImage({
      db,
      data: { title, category, image_url: await picture(runtime, motif, palette, 1200, 900) },
    })
  }

  for (const [index, leader] of [
    {
      name: 'Pastor Thomas Mathew',
      role: 'Senior Pastor',
      bio: '<p>Pastor Thomas came to Cork from Kottayam in 2005 and has led the church since its first prayer meeting. He loves preaching through whole books of the Bible and a good game of cricket.</p>',
    },
    {
      name: 'Sister Mercy Thomas',
      role: "Women's Ministry Leader",
      bio: "<p>Mercy is a nurse at Cork University Hospital and leads our women's fellowship with warmth and a gift for hospitality.</p>",
    },
    {
      name: 'Brother Jibin George',
      role: 'Youth Pastor',
      bio: '<p>Jibin grew up in the church, studied engineering at UCC and now mentors our teenagers and young adults.</p>',
    },
    {
      name: 'Brother Samuel Varghese',
      role: 'Church Secretary',
      bio: '<p>Samuel keeps the church running smoothly, from rotas to finances, and is usually the first to arrive on Sunday.</p>',
    },
    {
      name: 'Sister Anna Joseph',
      role: "Children's Ministry Coordinator",
      bio: '<p>Anna is a primary school teacher who makes Sunday School the highlight of the week for our children.</p>',
    },
  ].entries()) {
    await createLeadershipMember({
      db,
      data: { ...leader, image_url: await picture(runtime, 'person', index + 1, 800, 800) },
    })
  }

  for (const entry of [
    {
      transport_type: 'Bus',
      title: 'By bus',
      description:
        '<p>Bus Éireann routes 202 and 208 stop at Church Street, a two-minute walk from the hall.</p>',
    },
    {
      transport_type: 'Train',
      title: 'By train',
      description: '<p>From Kent Station it is a 5-minute walk to the bus stop, or a short taxi ride.</p>',
    },
    {
      transport_type: 'Car',
      title: 'By car',
      description:
        '<p>Free parking in the church car park on Sundays, and paid public parking nearby on weekdays.</p>',
    },
  ]) {
    await createGettingHere({ db, data: entry })
  }
  return true
}
