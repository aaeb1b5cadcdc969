// The demo's people, cars, stories and happenings. Dates are relative: `days` ago, or
// `inDays` from the moment the seed runs, so the demo always looks fresh.
import type { CarLook, SceneName, Shot } from "./scenes";

export const DEMO_PASSWORD = "password123";

export type SeedUser = {
  username: string;
  email: string;
  nickname: string;
  bio: string;
  role?: "admin";
  /** The car whose nose is on the profile picture; null for no picture. */
  avatar: string | null;
  showAllGramsPosts?: boolean;
  joinedDaysAgo: number;
};

// A data table: one row a line.
// prettier-ignore
export const USERS: SeedUser[] = [
  { username: "demo", email: "demo@example.com", nickname: "Demo Driver", bio: "Roadster on weekends, hot hatch on weekdays. Learning to heel-and-toe one coffee run at a time.", avatar: "mx5", joinedDaysAgo: 59 },
  { username: "admin", email: "admin@example.com", nickname: "Site Admin", bio: "Keeping the lights on around here. Fast wagons are the best of both worlds.", role: "admin", avatar: "rs6", joinedDaysAgo: 60 },
  { username: "jdm_jess", email: "jess@example.com", nickname: "Jess", bio: "Importer of questionable decisions from Japan. RB26 > everything.", avatar: "r34", joinedDaysAgo: 58 },
  { username: "v8_vince", email: "vince@example.com", nickname: "Vince", bio: "If it doesn't have eight cylinders, it's a lawnmower. (Kidding. Mostly.)", avatar: "mustang", joinedDaysAgo: 57 },
  { username: "boxer_bella", email: "bella@example.com", nickname: "Bella", bio: "Gold wheels, blue paint, boxer rumble. Rally sprint novice.", avatar: "wrx", joinedDaysAgo: 55 },
  { username: "track_tom", email: "tom@example.com", nickname: "Tom", bio: "Track days, tyre pressures and lap times. Instructor at Thunder Valley on Saturdays.", avatar: "gt3", joinedDaysAgo: 56 },
  { username: "euro_emma", email: "emma@example.com", nickname: "Emma", bio: "Naturally aspirated and proud. Alpine passes are my happy place.", avatar: "m3", joinedDaysAgo: 54 },
  { username: "classic_carlos", email: "carlos@example.com", nickname: "Carlos", bio: "Old cars, older tools. Restoring things that should have been scrapped.", avatar: "z240", joinedDaysAgo: 53 },
  { username: "hot_hatch_hana", email: "hana@example.com", nickname: "Hana", bio: "Front-wheel drive is a state of mind. Mountain runs at dawn.", avatar: "civic", joinedDaysAgo: 52 },
  { username: "volt_val", email: "val@example.com", nickname: "Val", bio: "Electric and still a petrolhead at heart. Yes, it does track days.", avatar: "model3", joinedDaysAgo: 55 },
  { username: "lens_leo", email: "leo@example.com", nickname: "Leo", bio: "I don't own a fast car, I photograph yours. Meets, tracks, golden hours.", avatar: null, showAllGramsPosts: true, joinedDaysAgo: 40 },
];

export type SeedCar = {
  key: string;
  owner: string;
  make: string;
  model: string;
  year: number;
  trim: string | null;
  bodystyle: string | null;
  nickname: string | null;
  /** Insurance expiry, in days from now (negative: already expired). */
  insuranceInDays?: number;
  look: CarLook;
};

// A data table: one row a line.
// prettier-ignore
export const CARS: SeedCar[] = [
  { key: "mx5", owner: "demo", make: "Mazda", model: "MX-5", year: 2019, trim: "Club", bodystyle: "Roadster", nickname: "Ruby", insuranceInDays: 12, look: { color: "#a30d1f", style: "roadster", front: "slim", rim: "#2e2f33", spokes: 10, caliper: "#c8102e" } },
  { key: "gti", owner: "demo", make: "Volkswagen", model: "Golf GTI", year: 2017, trim: "Clubsport", bodystyle: "Hatchback", nickname: null, insuranceInDays: 143, look: { color: "#6b7078", style: "hatch", front: "slim", caliper: "#c8102e", spokes: 5, stripe: "#c8102e" } },
  { key: "rs6", owner: "admin", make: "Audi", model: "RS6 Avant", year: 2021, trim: "Performance", bodystyle: "Wagon", nickname: "Nardo Ghost", insuranceInDays: 201, look: { color: "#8a8d8f", style: "wagon", front: "wide", caliper: "#c8102e", rim: "#1d1d1d", spokes: 10 } },
  { key: "r34", owner: "jdm_jess", make: "Nissan", model: "Skyline GT-R R34", year: 1999, trim: "V-Spec", bodystyle: "Coupe", nickname: "Godzilla", insuranceInDays: 64, look: { color: "#1f4fa8", style: "notchback", front: "wide", wing: true, rim: "#c9ccd1", spokes: 6, caliper: "#d4af37" } },
  { key: "supra", owner: "jdm_jess", make: "Toyota", model: "Supra", year: 1997, trim: "RZ", bodystyle: "Coupe", nickname: "Quicksilver", insuranceInDays: 95, look: { color: "#aeb4bb", style: "fastback", front: "slim", wing: true, rim: "#1f1f1f", spokes: 6, caliper: "#c8102e" } },
  { key: "mustang", owner: "v8_vince", make: "Ford", model: "Mustang", year: 2019, trim: "GT Premium", bodystyle: "Fastback", nickname: "Big Red", insuranceInDays: 47, look: { color: "#b3121f", style: "fastback", front: "wide", rim: "#1e1e1e", spokes: 10, caliper: "#c8102e", stripe: "#141414" } },
  { key: "vette", owner: "v8_vince", make: "Chevrolet", model: "Corvette", year: 2021, trim: "Stingray 3LT", bodystyle: "Coupe", nickname: null, look: { color: "#f2c200", style: "midengine", front: "slim", rim: "#1d1d1d", spokes: 10, caliper: "#c8102e" } },
  { key: "wrx", owner: "boxer_bella", make: "Subaru", model: "WRX STI", year: 2006, trim: "Spec C", bodystyle: "Sedan", nickname: "Blue Thunder", insuranceInDays: 76, look: { color: "#1b3f91", style: "notchback", front: "wide", wing: true, rim: "#d4af37", spokes: 6 } },
  { key: "gt3", owner: "track_tom", make: "Porsche", model: "911 GT3", year: 2022, trim: "Clubsport", bodystyle: "Coupe", nickname: "Ringmeister", insuranceInDays: 310, look: { color: "#5aa83c", style: "fastback", front: "oval", wing: true, rim: "#1d1d1d", spokes: 10, caliper: "#f2c200" } },
  { key: "elise", owner: "track_tom", make: "Lotus", model: "Elise", year: 2008, trim: "111R", bodystyle: "Roadster", nickname: null, look: { color: "#ff7a00", style: "roadster", front: "oval", rim: "#c9ccd1", spokes: 6, caliper: "#c8102e" } },
  { key: "m3", owner: "euro_emma", make: "BMW", model: "M3 E46", year: 2003, trim: "Competition", bodystyle: "Coupe", nickname: "Laguna", insuranceInDays: 120, look: { color: "#3a86d1", style: "notchback", front: "kidney", rim: "#bfc3c9", spokes: 7 } },
  { key: "giulia", owner: "euro_emma", make: "Alfa Romeo", model: "Giulia", year: 2020, trim: "Quadrifoglio", bodystyle: "Sedan", nickname: "Verde", look: { color: "#2e5c3a", style: "notchback", front: "wide", rim: "#2a2a2a", spokes: 5, caliper: "#f2c200" } },
  { key: "z240", owner: "classic_carlos", make: "Datsun", model: "240Z", year: 1972, trim: "Series 1", bodystyle: "Coupe", nickname: "Zed", insuranceInDays: 180, look: { color: "#c89b3c", style: "fastback", front: "round", classic: true, rim: "#dde1e6", spokes: 8 } },
  { key: "defender", owner: "classic_carlos", make: "Land Rover", model: "Defender 110", year: 2005, trim: "Td5", bodystyle: "SUV", nickname: "Mudlark", insuranceInDays: -20, look: { color: "#4a5a3a", style: "boxy", front: "boxy", rim: "#cfd2d6", spokes: 5 } },
  { key: "evo2", owner: "classic_carlos", make: "Mercedes-Benz", model: "190E", year: 1990, trim: "2.5-16 Evolution II", bodystyle: "Sedan", nickname: null, look: { color: "#1b1d22", style: "notchback", front: "wide", wing: true, rim: "#c0c4ca", spokes: 7 } },
  { key: "civic", owner: "hot_hatch_hana", make: "Honda", model: "Civic Type R", year: 2018, trim: "FK8", bodystyle: "Hatchback", nickname: "Phoenix", insuranceInDays: 88, look: { color: "#f4f4f2", style: "hatch", front: "wide", wing: true, rim: "#1d1d1d", spokes: 10, caliper: "#c8102e", stripe: "#c8102e" } },
  { key: "ae86", owner: "hot_hatch_hana", make: "Toyota", model: "Corolla AE86", year: 1986, trim: "Sprinter Trueno GT-Apex", bodystyle: "Hatchback", nickname: "Hachi", look: { color: "#f1efe9", style: "hatch", front: "slim", classic: true, rim: "#c9ccd1", spokes: 8, stripe: "#1b1b1b" } },
  { key: "model3", owner: "volt_val", make: "Tesla", model: "Model 3", year: 2022, trim: "Performance", bodystyle: "Sedan", nickname: null, insuranceInDays: 230, look: { color: "#50565e", style: "notchback", front: "smooth", rim: "#3a3d42", spokes: 5, caliper: "#c8102e" } },
];

export type Aspect = "landscape" | "wide" | "portrait" | "square" | "tall";
/** A photo: `scene:shot` (shot defaults by position), optionally with an aspect and a car key. */
export type PhotoSpec = string;

export type SeedPost = {
  key: string;
  author: string;
  cars: string[];
  story: string;
  layout: "album" | "grid" | "carousel" | "single" | null;
  photos: PhotoSpec[];
  aspect?: Aspect | "mixed";
  video?: string;
  soundcloud?: string;
  days: number;
};

// A data table: one row a line.
// prettier-ignore
export const POSTS: SeedPost[] = [
  { key: "rs6-welcome", author: "admin", cars: ["rs6"], layout: "carousel", days: 58, photos: ["city:side", "garage:front", "mountain:side"], story: "Welcome aboard! This is my daily: an RS6 Avant that hauls a dog, two bikes and a week of groceries at very unreasonable speeds. Share your builds, be kind in the comments, and flag anything that looks off. Let's make this the best corner of the internet for car people." },
  { key: "defender-desert", author: "classic_carlos", cars: ["defender"], layout: "album", days: 54, photos: ["desert:side", "desert:front", "sunset:side"], soundcloud: "https://soundcloud.com/dune-drifters/empty-quarter-sunrise", story: "Desert crossing recap: 1,200 km, two punctures, one sandstorm and the best sunrises of my life. The Td5 never missed a beat. I did, twice, when the sand ladders came out." },
  { key: "gt3-garage-lights", author: "track_tom", cars: ["gt3"], layout: "single", days: 56, photos: ["city:front"], aspect: "portrait", story: "Parking garage lighting is undefeated." },
  { key: "model3-charging-meet", author: "volt_val", cars: ["model3"], layout: null, days: 52, photos: ["city:side", "meet:meet", "city:rear", "garage:wheel"], story: "Night charging stop turned into an impromptu mini-meet. Two Taycans, an Ioniq 5 N and a very confused guy in a Hilux who just wanted a coffee. EV folks are car folks too." },
  { key: "ae86-panda", author: "hot_hatch_hana", cars: ["ae86"], layout: "carousel", days: 50, photos: ["garage:side", "garage:front", "garage:rear"], story: "She's out of paint! Panda scheme freshly redone, and for the first time since I've owned her both pop-up headlights go up at the same time. Small victories." },
  { key: "m3-rod-bearings", author: "euro_emma", cars: ["m3"], layout: "single", days: 49, photos: ["garage:side"], story: "Rod bearings done. 20 years old, 170,000 km, and the old shells looked better than expected. Peace of mind purchased; redline unlocked again." },
  { key: "mustang-drag-night", author: "v8_vince", cars: ["mustang"], layout: "carousel", days: 47, photos: ["track:side", "track:rear", "track:gauges"], story: "Drag strip night: 10.4 @ 134 mph on street tyres. Traction was... more of a suggestion. Drag radials are now on the shopping list." },
  { key: "supra-maintenance", author: "jdm_jess", cars: ["supra"], layout: "grid", days: 45, photos: ["garage:side", "garage:wheel", "garage:gauges"], story: "Supra maintenance day. Twin-plate clutch, fresh fluids all round and a set of bronze-free, very black TE37s. The 2JZ didn't even notice; my back did." },
  { key: "rs6-events-live", author: "admin", cars: ["rs6"], layout: null, days: 44, photos: ["meet:meet"], story: "Platform update: the events page is live! Check out upcoming meets, say you're going and pick which car you're bringing. First up: Track Day at Thunder Valley." },
  { key: "wrx-rally-sprint", author: "boxer_bella", cars: ["wrx"], layout: "album", days: 43, photos: ["snow:side", "snow:front", "snow:rear", "snow:wheel", "mountain:side"], soundcloud: "https://soundcloud.com/gravel-kings/flat-out-in-fourth", story: "Winter rally sprint recap! 3rd in class, one spin, zero regrets. The STI on studded tyres is the most fun I've had with my clothes on. Massive thanks to my co-driver for only screaming once." },
  { key: "z-throwback", author: "classic_carlos", cars: ["z240"], layout: "single", days: 40, photos: ["garage:side"], story: "Throwback: nine years ago I bought the Z from a barn. Rust everywhere, seized engine, mice living in the glovebox. Look at her now." },
  { key: "gti-ceramic", author: "demo", cars: ["gti"], layout: "album", days: 38, photos: ["garage:side", "sunset:side"], story: "GTI got a proper two-day detail and a ceramic coat. Water is scared of it now. Worth every penny of the money I definitely didn't spend on coilovers." },
  { key: "elise-gt3-garage", author: "track_tom", cars: ["elise", "gt3"], layout: null, days: 37, photos: ["garage:side", "garage:side"], story: "Garage is full. Wallet is empty. Worth it." },
  { key: "civic-pb", author: "hot_hatch_hana", cars: ["civic"], layout: "single", days: 35, photos: ["track:side"], story: "New PB at Thunder Valley: 1:51.2 in a front-wheel-drive hatchback. That helical diff is black magic. Next goal: 1:50 flat." },
  { key: "m3-vs-giulia", author: "euro_emma", cars: ["m3", "giulia"], layout: "carousel", days: 33, photos: ["mountain:side", "mountain:side"], story: "Germany vs Italy. Same weekend, same mountain road, very different characters. The M3 talks to you through the steering wheel; the Giulia shouts at you through the exhaust. I love them both." },
  { key: "r34-coast", author: "jdm_jess", cars: ["r34"], layout: "carousel", days: 31, photos: ["coast:side", "coast:front", "sunset:side"], story: "Coastal run with the R34. I have yet to take a single photo where she doesn't look like a bedroom poster." },
  { key: "mustang-vette-family", author: "v8_vince", cars: ["mustang", "vette"], layout: "album", days: 30, photos: ["meet:side", "meet:side", "meet:rear", "meet:front"], story: "Family photo. One front-engined, one mid-engined, both V8, both red-blooded. (Yes, the Vette is yellow. The blood is metaphorical.)" },
  { key: "wrx-boost", author: "boxer_bella", cars: ["wrx"], layout: "single", days: 29, photos: ["garage:gauges"], aspect: "square", story: "Boost gauge doing its happy dance. 1.4 bar and holding, no knock, oil temps happy. Datalogs look boring, which is exactly what you want." },
  { key: "leo-jdm-night", author: "lens_leo", cars: ["r34", "supra"], layout: "grid", days: 27, photos: ["meet:meet", "city:side", "city:front", "meet:side", "city:rear", "meet:wheel", "city:side", "meet:front"], story: "Shot the JDM Night Meet last Friday. Jess brought both of her Japanese legends out and the whole car park turned up to stare. Best line-up in months. Full set on request." },
  { key: "evo2-garage", author: "classic_carlos", cars: ["evo2"], layout: "single", days: 26, photos: ["garage:side"], story: "Evo II in the garage tonight. Boxy, winged and absolutely glorious: the most 1990 thing I own, including my record collection." },
  { key: "wrx-stage2", author: "boxer_bella", cars: ["wrx"], layout: "carousel", days: 24, photos: ["mountain:side", "garage:wheel", "garage:side", "garage:gauges"], story: "Gold wheels are a personality trait. Stage 2 is done: 3-inch turbo-back, front-mount intercooler and a proper protune on the dyno. +70 whp and a lot more boxer rumble." },
  { key: "gt3-trackside", author: "track_tom", cars: ["gt3"], layout: "carousel", days: 22, video: "track-pass", photos: ["track:side", "track:rear", "track:front"], story: "Onboard? Nah, trackside. A mate caught the GT3 through the kink at about 220 km/h. Turn the sound up and listen to that flat six scream to nine grand." },
  { key: "ae86-dawn", author: "hot_hatch_hana", cars: ["ae86"], layout: "grid", days: 21, photos: ["mountain:side", "mountain:front", "sunset:side", "mountain:rear", "mountain:wheel", "sunset:rear"], soundcloud: "https://soundcloud.com/eurobeat-garage/night-of-fire-hachi-mix", story: "Hachi-roku mountain run at dawn. 130 hp never felt so fast. Tofu delivery jokes welcome, I've heard every single one of them." },
  { key: "giulia-night", author: "euro_emma", cars: ["giulia"], layout: "album", days: 19, photos: ["city:side", "city:front", "city:rear"], story: "Night drive through the old town in the Quadrifoglio. 510 hp, Italian electrics, zero regrets so far (touching carbon fibre as I type this)." },
  { key: "vette-desert", author: "v8_vince", cars: ["vette"], layout: "single", days: 18, photos: ["desert:side"], aspect: "wide", story: "C8 out on the salt flats. A mid-engined 'Vette still feels like cheating. Stock for now. For now." },
  { key: "defender-snow", author: "classic_carlos", cars: ["defender"], layout: "carousel", days: 16, photos: ["snow:side", "snow:front", "mountain:side", "snow:rear"], story: "Took Mudlark up to the cabin for the weekend. Two feet of fresh snow, zero drama. The Td5 clatters away like a tractor with heated seats, and I mean that as the highest compliment." },
  { key: "gti-tyres", author: "demo", cars: ["gti"], layout: "single", days: 15, photos: ["garage:wheel"], aspect: "square", story: "Fresh set of Michelin Pilot Sport 4S on the GTI. The difference in the wet compared to the tired all-seasons is night and day. Anyone running Cup 2s on the street? Worth it or too compromised?" },
  { key: "elise-feedback", author: "track_tom", cars: ["elise"], layout: null, days: 14, photos: ["track:side", "mountain:side", "track:front", "garage:gauges", "coast:side"], story: "The Elise weighs about as much as a grand piano and talks to you like one too. 860 kg of pure feedback: no power steering, no servo, no filter. The best driving lesson money can buy." },
  { key: "leo-harbour-duo", author: "lens_leo", cars: ["gti", "mx5"], layout: "carousel", days: 13, photos: ["coast:side", "coast:side", "sunset:side"], story: "Shot demo's hot-hatch-and-roadster duo down by the harbour. Two very different ways to have fun for well under 250 hp." },
  { key: "supra-sunset", author: "jdm_jess", cars: ["supra"], layout: "album", days: 12, video: "sunset-cruise", photos: ["sunset:side", "sunset:rear"], soundcloud: "https://soundcloud.com/neon-motorway/golden-hour-cruise", story: "Golden hour cruise in the Supra. 2JZ at 4,000 rpm in sixth, just humming along. This is what it was built for." },
  { key: "model3-track", author: "volt_val", cars: ["model3"], layout: "single", days: 10, photos: ["track:side"], story: "Controversial take: a Model 3 Performance on proper pads and Pilot Sport 4S is a genuinely fun B-road car. Instant torque out of hairpins is addictive. It's not a 911, and it isn't trying to be." },
  { key: "civic-prep", author: "hot_hatch_hana", cars: ["civic"], layout: "grid", days: 9, photos: ["garage:side", "garage:wheel", "garage:front", "track:side"], story: "Track-day prep checklist: pads ✔ fluid ✔ alignment ✔ snacks ✔ torque wrench ✔. See everyone at Thunder Valley!" },
  { key: "z-mikunis", author: "classic_carlos", cars: ["z240"], layout: "album", days: 8, photos: ["garage:side", "garage:front", "garage:wheel", "sunset:side", "coast:side", "garage:gauges"], story: "Fifty-two years old and she still starts on the first turn of the key. Spent the winter syncing triple Mikunis and refreshing the brakes. The gold paint is original; patina included at no extra charge." },
  { key: "r34-cold-start", author: "jdm_jess", cars: ["r34"], layout: "single", days: 7, video: "rev-gauges", photos: [], story: "Cold start and a couple of blips. RB26 singing through the new titanium exhaust. Sound on! 🔊" },
  { key: "m3-alpine", author: "euro_emma", cars: ["m3"], layout: "album", days: 6, photos: ["mountain:side", "mountain:front", "mountain:wheel", "mountain:gauges"], story: "Alpine pass day in the E46. An 8,000 rpm straight six echoing off rock walls is something everyone should hear once in their life. Fresh bearings meant I could use all of it." },
  { key: "mustang-blower", author: "v8_vince", cars: ["mustang"], layout: "grid", days: 5, photos: ["garage:side", "garage:wheel", "garage:gauges", "sunset:side", "track:rear", "city:side", "meet:meet"], story: "Coyote + Whipple = a grin that won't leave. Finished the Gen 5 install this weekend: 3.0 L blower, bigger injectors and a proper E85 tune. The dyno says 812 whp. My neighbours say please stop." },
  { key: "wrx-snow-day", author: "boxer_bella", cars: ["wrx"], layout: null, days: 4, photos: ["snow:side"], aspect: "portrait", story: "Snow day means rally day. Symmetrical AWD doing exactly what it was built for. (Empty private lot, permission granted, one snowman mildly startled.)" },
  { key: "demo-question", author: "demo", cars: ["mx5"], layout: null, days: 4, photos: [], story: "Question for the hive mind: I've got £1,500 to spend on the MX-5. Coilovers, a proper seat, or track days? Convince me." },
  { key: "val-brake-psa", author: "volt_val", cars: ["model3"], layout: null, days: 3, photos: [], story: "PSA: regen braking on track is not a substitute for proper brake fluid. Learned that one the exciting way. Racing DOT 4 is in now and the pedal feels ten times better." },
  { key: "r34-home", author: "jdm_jess", cars: ["r34"], layout: "single", days: 3, photos: ["garage:side"], aspect: "landscape", story: "She's home. Twenty-five years of paperwork, a six-week boat ride and one very nervous customs inspection later, the R34 is finally sitting in my garage. Not touching a single bolt until I've driven her for a month. Maybe." },
  { key: "mx5-coast", author: "demo", cars: ["mx5"], layout: "carousel", days: 2, photos: ["coast:side", "coast:front", "coast:rear"], soundcloud: "https://soundcloud.com/coastline-radio/roof-down-sunday", story: "Sunday coffee run turned into a 200 km coastal loop. Roof down, 18 degrees, empty roads. The MX-5 doesn't have big numbers, but it has the best gearshift this side of six figures and I will die on that hill." },
  { key: "gt3-first-session", author: "track_tom", cars: ["gt3"], layout: "carousel", days: 1, photos: ["track:side", "track:front", "track:rear", "track:gauges", "track:wheel"], story: "First proper session of the season with the GT3: 1:42.8 on a damp-drying track, and I left at least a second in turn 7 because I still don't trust cold Cup tyres. PDK downshifts are pure theatre. Pressures came up 0.4 bar hot; starting at 1.9 next time." },
  { key: "mx5-coilovers", author: "demo", cars: ["mx5"], layout: "carousel", days: 0, photos: ["sunset:side", "mountain:side", "garage:wheel", "mountain:front"], aspect: "mixed", story: "Took your advice: coilovers it is! Lowered 30 mm, corner-balanced and aligned. Turn-in is so much sharper and it still rides fine over the cobbles in town. Track day next month." },
];

/** Sample videos in prisma/seed-assets/videos, made by prisma/seed/make-videos.ts. */
export const VIDEO_FILES: Record<string, string> = {
  "sunset-cruise": "sunset-cruise.mp4",
  "track-pass": "track-pass.mp4",
  "rev-gauges": "rev-gauges.mp4",
};

/** Comment threads for particular posts: [author, text, replies [author, text][]]. */
// A data table: one row a line.
// prettier-ignore
export const THREADS: Record<string, Array<[string, string, Array<[string, string]>?]>> = {
  "mx5-coilovers": [
    ["track_tom", "Told you! Corner balancing is the most underrated mod there is.", [["demo", "You did. Is the passenger ride in the GT3 still on offer?"], ["track_tom", "Always. See you at Thunder Valley."]]],
    ["euro_emma", "KW V1s? Good choice, they ride really well on real roads."],
    ["hot_hatch_hana", "That sunset shot 🔥"],
  ],
  "demo-question": [
    ["track_tom", "Track days. Seat time beats parts every single time. Learn the car, then fix what annoys you.", [["demo", "Hard to argue with an instructor…"], ["hot_hatch_hana", "Tom's right, but coilovers make the seat time more fun 😄"]]],
    ["euro_emma", "Coilovers, but only decent ones. Cheap coilovers are worse than stock.", [["demo", "Noted! Any brands you'd recommend?"], ["euro_emma", "KW V1 or Öhlins Road & Track if you can stretch."]]],
    ["classic_carlos", "Buy a seat. Your back will thank you in twenty years."],
    ["v8_vince", "Supercharger. Obviously.", [["demo", "Of course you'd say that 😂"]]],
  ],
  "mustang-blower": [
    ["jdm_jess", "812 whp on a Coyote is wild. What's holding the rods together, prayers?", [["v8_vince", "Manley rods and pistons, installed by people smarter than me."]]],
    ["track_tom", "Now make it turn left 😏", [["v8_vince", "It turns left. Just very, very quickly."]]],
    ["demo", "The sound in person must be unreal."],
  ],
  "gt3-first-session": [
    ["hot_hatch_hana", "1:42 on a damp track is seriously quick. What pressures were you starting at?", [["track_tom", "2.0 cold front and rear; too high once it dried. 1.9 next time."]]],
    ["volt_val", "Turn 7 eats everyone. Even the instructors, apparently 😄", [["track_tom", "Especially the instructors."]]],
  ],
  "r34-home": [
    ["lens_leo", "Congratulations!! Please let me shoot her when the weather turns.", [["jdm_jess", "Deal! Golden hour by the harbour?"]]],
    ["classic_carlos", "Welcome home, Godzilla. The 25-year rule is the best rule."],
    ["boxer_bella", "Bayside Blue in person is something else 😍"],
  ],
  "gti-tyres": [
    ["hot_hatch_hana", "Cup 2s in the wet are terrifying below 10 degrees. Stick with the PS4S on the street.", [["demo", "That settles it, thanks!"]]],
    ["v8_vince", "PS4S gang 🙌"],
  ],
  "supra-sunset": [
    ["v8_vince", "Okay, the 2JZ hum is almost as nice as a V8. Almost."],
    ["demo", "That light! Where was this?", [["jdm_jess", "The coast road north of the harbour, about 20 minutes before sunset."]]],
  ],
};

/** Generic comments with a fitting reply from the post's author ("@author") or someone else. */
// A data table: one row a line.
// prettier-ignore
export const COMMENT_PAIRS: Array<[string, string | null]> = [
  ["What tyres are you running?", "Michelin Pilot Sport 4S all round, no complaints."],
  ["Daily driven or weekend toy?", "Weekend toy. Mostly. Okay, sometimes it goes to the supermarket."],
  ["How long did the build take?", "About two years, on and off. Mostly off."],
  ["That colour is perfect 🔥", "Thank you! Factory paint, believe it or not."],
  ["Please tell me there's a video", "Working on it, should be up this week!"],
  ["Saw this at the last meet, even better in person.", "Come say hi next time!"],
  ["Dream spec right here.", null],
  ["Absolute weapon.", null],
  ["The stance on this is spot on.", "Took a few tries to get the ride height right."],
  ["Clean. Really clean.", null],
  ["This is the content I'm here for.", null],
  ["Love the photography on this one.", "Credit to lens_leo's advice on angles!"],
  ["Respect for keeping it manual 🙌", null],
  ["How's it on fuel? (Asking for my wallet.)", "Let's just say I know the petrol station staff by name."],
  ["Instant follow.", null],
  ["Goals.", null],
  ["What did you do for the exhaust?", "Cat-back for now, full system later this year."],
  ["The wheels make the whole car.", "Agreed, best money I've spent on it."],
  ["Need interior photos!", "Next post, promise."],
  ["Bring it to the track day!", "Already booked 😄"],
];

export type SeedEvent = {
  key: string;
  name: string;
  inDays: number;
  hour: number;
  location: string;
  description: string;
  createdBy: string;
  attendees: Array<[string, string | null]>;
};

// A data table: one row a line.
// prettier-ignore
export const EVENTS: SeedEvent[] = [
  { key: "harbour-coffee", name: "Cars & Coffee at the Harbour", inDays: -21, hour: 8, location: "Harbour Car Park, Pier 3", description: "Our monthly Sunday morning meet by the water. Bring your car, grab a coffee, talk nonsense about cylinder counts. All makes, all ages, all levels of clean.", createdBy: "admin", attendees: [["demo", "gti"], ["v8_vince", "mustang"], ["euro_emma", "m3"], ["classic_carlos", "z240"], ["lens_leo", null], ["volt_val", "model3"]] },
  { key: "jdm-night", name: "JDM Night Meet", inDays: -28, hour: 20, location: "Neon Plaza multi-storey, top deck", description: "Japanese icons under the city lights. Pop-ups up, hazards on, no burnouts (seriously, the plaza will ban us).", createdBy: "jdm_jess", attendees: [["jdm_jess", "r34"], ["hot_hatch_hana", "ae86"], ["boxer_bella", "wrx"], ["lens_leo", null]] },
  { key: "canyon-run", name: "Sunday Canyon Run", inDays: -9, hour: 7, location: "Ridge Road lay-by, mile marker 12", description: "A relaxed group drive over the pass with a breakfast stop at the top. Not a race: keep it legal, keep it fun, regroup at every junction.", createdBy: "euro_emma", attendees: [["euro_emma", "giulia"], ["demo", "mx5"], ["track_tom", "elise"], ["hot_hatch_hana", "civic"]] },
  { key: "thunder-valley", name: "Track Day at Thunder Valley Raceway", inDays: 6, hour: 9, location: "Thunder Valley Raceway, Pit Lane Gate B", description: "Open pit lane track day with novice, intermediate and advanced groups. Instructors available for first-timers. Helmet required (loaners on site), noise limit 98 dB static.", createdBy: "track_tom", attendees: [["track_tom", "gt3"], ["hot_hatch_hana", "civic"], ["demo", "mx5"], ["volt_val", "model3"], ["v8_vince", "vette"]] },
  { key: "euro-sunday", name: "Euro Sunday", inDays: 13, hour: 10, location: "Old Mill Courtyard", description: "German, Italian, French, British: if it came from Europe, park it on the cobbles. Display awards for best original and best modified.", createdBy: "euro_emma", attendees: [["euro_emma", "m3"], ["admin", "rs6"], ["demo", "gti"], ["classic_carlos", "evo2"]] },
  { key: "rally-sprint", name: "Winter Rally Sprint", inDays: 27, hour: 8, location: "Pinewood Forest Stages, Service Park", description: "Novice-friendly rally sprint on packed snow. Studded tyres recommended, tow eye mandatory. Spectator area by the hairpin.", createdBy: "boxer_bella", attendees: [["boxer_bella", "wrx"], ["classic_carlos", "defender"], ["lens_leo", null]] },
  { key: "classics-park", name: "Classics in the Park", inDays: 40, hour: 11, location: "Riverside Park, East Lawn", description: "Cars over 25 years old on the grass, picnics encouraged. Bring your restoration stories and your before photos.", createdBy: "classic_carlos", attendees: [["classic_carlos", "z240"], ["jdm_jess", "r34"], ["hot_hatch_hana", "ae86"]] },
];

export type SeedMod = {
  car: string;
  category: string;
  name: string;
  description?: string;
  manufacturer?: string;
  vendor?: string;
  installer?: string;
  type?: "part" | "labor" | "build";
  cost?: number;
  showCost?: boolean;
  build?: string;
  post?: string;
  /** More posts (by the car's owner, of this car) that show the mod: the showcase's build timeline. */
  posts?: string[];
  gains?: Array<[string, number, string]>;
};

// A data table: one row a line.
// prettier-ignore
export const MODS: SeedMod[] = [
  { car: "mustang", category: "Forced Induction", name: "Gen 5 3.0L Supercharger Kit", description: "Twin-screw blower with a 2.75\" pulley, 80 lb/hr injectors and a dual fuel pump setup. Tuned for E85 on the dyno over two days.", manufacturer: "Whipple", vendor: "Torque Alley Performance", installer: "Boost Lab Garage", cost: 8999, showCost: true, build: "Blower build", post: "mustang-blower", gains: [["horsepower", 290, "whp"], ["torque", 210, "lb-ft"]], posts: ["mustang-drag-night"] },
  { car: "mustang", category: "Exhaust", name: "ATAK Cat-Back", description: "Loud. Very loud. The neighbours have opinions.", manufacturer: "Borla", vendor: "Torque Alley Performance", installer: "DIY (home garage)", cost: 1649, showCost: false, gains: [["horsepower", 12, "whp"]] },
  { car: "mustang", category: "Engine", name: "Forged Rods and Pistons", manufacturer: "Manley", vendor: "Redline Parts Co.", installer: "Boost Lab Garage", type: "labor", cost: 4200, showCost: true, build: "Blower build" },
  { car: "mustang", category: "Wheels & Tyres", name: "Drag Radials 315/45R17", manufacturer: "Mickey Thompson", vendor: "Redline Parts Co.", installer: "DIY (home garage)", cost: 780, showCost: true, posts: ["mustang-drag-night"] },
  { car: "r34", category: "Exhaust", name: "Titanium Cat-Back", description: "Full titanium, 80 mm piping, blue-burnt tip. Cuts 9 kg over the stock system.", manufacturer: "HKS", vendor: "JDM Direct Imports", installer: "Midnight Tuning", cost: 2890, showCost: true, gains: [["horsepower", 15, "hp"], ["weight", -9, "kg"]] },
  { car: "r34", category: "Engine", name: "Poncams Type-R", manufacturer: "Tomei", vendor: "JDM Direct Imports", installer: "Midnight Tuning", cost: 1350, showCost: false, build: "Stage 1", gains: [["horsepower", 25, "hp"]] },
  { car: "r34", category: "Suspension", name: "Variant 3 Coilovers", manufacturer: "KW", vendor: "Apex Motorsport Supply", installer: "Midnight Tuning", cost: 2600, showCost: true, build: "Stage 1" },
  { car: "supra", category: "Drivetrain", name: "TS2CD Twin-Plate Clutch", description: "Holds 700 hp, pedal still light enough for traffic.", manufacturer: "OS Giken", vendor: "JDM Direct Imports", installer: "Midnight Tuning", cost: 2150, showCost: true, post: "supra-maintenance" },
  { car: "supra", category: "Wheels & Tyres", name: "TE37 18x9.5", manufacturer: "Volk Racing", vendor: "JDM Direct Imports", installer: "DIY (home garage)", cost: 3200, showCost: false, post: "supra-maintenance", gains: [["weight", -8, "kg"]] },
  // Shared parts: the same HKS cat-back (spelt differently on one car) and KW coilovers on several cars.
  { car: "supra", category: "Exhaust", name: "Titanium Cat-Back", manufacturer: "HKS", vendor: "JDM Direct Imports", installer: "Midnight Tuning", cost: 2950, showCost: true, gains: [["horsepower", 12, "hp"], ["weight", -8, "kg"]] },
  { car: "supra", category: "Suspension", name: "Variant 3 Coilovers", manufacturer: "KW", vendor: "Apex Motorsport Supply", installer: "Midnight Tuning", cost: 2550, showCost: false },
  { car: "civic", category: "exhaust", name: "titanium cat-back", manufacturer: "hks", vendor: "JDM Direct Imports", installer: "DIY (home garage)", cost: 2400, showCost: true, gains: [["horsepower", 9, "hp"]] },
  { car: "supra", category: "Turbo", name: "Sequential Twin-Turbo Refresh", description: "Rebuilt both stock turbos and the control actuators. Smooth as new.", installer: "Midnight Tuning", type: "labor", cost: 1900, showCost: true },
  { car: "wrx", category: "Exhaust", name: "3\" Turbo-Back Exhaust", manufacturer: "Invidia", vendor: "Redline Parts Co.", installer: "Ridge Road Performance", cost: 1250, showCost: true, build: "Stage 2", post: "wrx-stage2", gains: [["horsepower", 20, "whp"]], posts: ["wrx-boost", "wrx-rally-sprint"] },
  { car: "wrx", category: "Cooling", name: "Front-Mount Intercooler", manufacturer: "Mishimoto", vendor: "Redline Parts Co.", installer: "Ridge Road Performance", cost: 890, showCost: true, build: "Stage 2", post: "wrx-stage2", gains: [["horsepower", 15, "whp"]] },
  { car: "wrx", category: "Tuning", name: "Stage 2 Protune", description: "Two dyno days, conservative timing, 1.4 bar peak.", manufacturer: "Cobb", installer: "Ridge Road Performance", type: "labor", cost: 750, showCost: false, build: "Stage 2", gains: [["horsepower", 35, "whp"], ["torque", 40, "lb-ft"]], posts: ["wrx-stage2", "wrx-boost"] },
  { car: "wrx", category: "Wheels & Tyres", name: "CE28N 18x8.5 Gold", manufacturer: "Volk Racing", vendor: "Apex Motorsport Supply", cost: 2800, showCost: true },
  { car: "gt3", category: "Brakes", name: "Race Pads and Fluid", description: "Track pads plus racing fluid; bled before every event.", manufacturer: "Endless", vendor: "Apex Motorsport Supply", installer: "Thunder Valley Race Prep", cost: 980, showCost: true, build: "Track build" },
  { car: "gt3", category: "Safety", name: "Half Cage and 6-Point Harnesses", manufacturer: "Schroth", vendor: "Apex Motorsport Supply", installer: "Thunder Valley Race Prep", type: "build", cost: 5400, showCost: false, build: "Track build" },
  { car: "gt3", category: "Suspension", name: "Corner Balance and Track Alignment", installer: "Thunder Valley Race Prep", type: "labor", cost: 450, showCost: true, build: "Track build" },
  { car: "elise", category: "Suspension", name: "Nitron Race Pro Dampers", manufacturer: "Nitron", vendor: "Apex Motorsport Supply", installer: "Thunder Valley Race Prep", cost: 3100, showCost: true },
  { car: "elise", category: "Interior", name: "Lightweight Carbon Seats", manufacturer: "Tillett", vendor: "Apex Motorsport Supply", installer: "DIY (home garage)", cost: 1400, showCost: false, gains: [["weight", -11, "kg"]] },
  { car: "m3", category: "Engine", name: "Rod Bearing Replacement", description: "Preventive maintenance every S54 owner should budget for. Old shells looked fine; sleep is better now.", manufacturer: "BE Bearings", vendor: "Euro Spares Depot", installer: "Midnight Tuning", type: "labor", cost: 2300, showCost: true, post: "m3-rod-bearings" },
  { car: "m3", category: "Intake", name: "Carbon Airbox", manufacturer: "Eventuri", vendor: "Euro Spares Depot", installer: "DIY (home garage)", cost: 1850, showCost: true, gains: [["horsepower", 10, "hp"]] },
  { car: "m3", category: "Suspension", name: "Street Advanced Coilovers", manufacturer: "Bilstein", vendor: "Euro Spares Depot", installer: "Midnight Tuning", cost: 1900, showCost: false },
  { car: "giulia", category: "Exhaust", name: "Slip-On Titanium Exhaust", manufacturer: "Akrapovič", vendor: "Euro Spares Depot", installer: "Harbour City Tuning", cost: 4600, showCost: true, gains: [["horsepower", 8, "hp"], ["weight", -7, "kg"]] },
  { car: "z240", category: "Fuel System", name: "Triple 44mm Carburettors", description: "Rebuilt, jetted and synced over a very long winter.", manufacturer: "Mikuni", vendor: "Classic Parts Exchange", installer: "DIY (home garage)", cost: 2100, showCost: true, build: "Restoration", post: "z-mikunis", gains: [["horsepower", 30, "hp"]] },
  { car: "z240", category: "Brakes", name: "Four-Piston Front Brake Kit", manufacturer: "Wilwood", vendor: "Classic Parts Exchange", installer: "DIY (home garage)", cost: 1150, showCost: true, build: "Restoration" },
  { car: "z240", category: "Body", name: "Rust Repair and Floor Pans", type: "build", installer: "DIY (home garage)", cost: 3800, showCost: false, build: "Restoration" },
  { car: "defender", category: "Suspension", name: "2\" Lift Kit", manufacturer: "Old Man Emu", vendor: "Summit Ridge Off-Road", installer: "Ridge Road Performance", cost: 1450, showCost: true },
  { car: "defender", category: "Wheels & Tyres", name: "All-Terrain T/A KO2 265/75R16", manufacturer: "BFGoodrich", vendor: "Summit Ridge Off-Road", installer: "Ridge Road Performance", cost: 1200, showCost: true },
  { car: "defender", category: "Exterior", name: "Expedition Roof Rack", manufacturer: "Front Runner", vendor: "Summit Ridge Off-Road", installer: "DIY (home garage)", cost: 1300, showCost: false },
  { car: "civic", category: "Brakes", name: "Track Pads and Braided Lines", manufacturer: "Endless", vendor: "Apex Motorsport Supply", installer: "DIY (home garage)", cost: 620, showCost: true, build: "Track prep", post: "civic-prep" },
  { car: "civic", category: "Intake", name: "Carbon Intake", manufacturer: "Mugen", vendor: "JDM Direct Imports", installer: "DIY (home garage)", cost: 780, showCost: true, gains: [["horsepower", 7, "hp"]] },
  { car: "civic", category: "Suspension", name: "Track Alignment", installer: "Thunder Valley Race Prep", type: "labor", cost: 180, showCost: true, build: "Track prep" },
  { car: "ae86", category: "Engine", name: "4A-GE Silvertop Swap", description: "20-valve silvertop with individual throttle bodies. 160 hp and the best intake noise on the mountain.", manufacturer: "Toyota", vendor: "JDM Direct Imports", installer: "Midnight Tuning", type: "build", cost: 3500, showCost: true, gains: [["horsepower", 30, "hp"]] },
  { car: "ae86", category: "Drivetrain", name: "2-Way LSD", manufacturer: "Cusco", vendor: "JDM Direct Imports", installer: "Midnight Tuning", cost: 950, showCost: false },
  { car: "model3", category: "Brakes", name: "Track Pads and Racing Fluid", manufacturer: "Unplugged Performance", vendor: "Harbour City Tuning", installer: "Harbour City Tuning", cost: 890, showCost: true, post: "val-brake-psa" },
  { car: "model3", category: "Suspension", name: "Adjustable Coilovers", manufacturer: "Öhlins", vendor: "Harbour City Tuning", installer: "Harbour City Tuning", cost: 3400, showCost: true, gains: [["weight", -4, "kg"]] },
  { car: "mx5", category: "Suspension", name: "V1 Coilovers", description: "Lowered 30 mm, corner-balanced with me in the seat, alignment set for fast road.", manufacturer: "KW", vendor: "Apex Motorsport Supply", installer: "Ridge Road Performance", cost: 1450, showCost: true, post: "mx5-coilovers", posts: ["mx5-coast", "demo-question"] },
  { car: "mx5", category: "Wheels & Tyres", name: "RPF1 16x8", manufacturer: "Enkei", vendor: "Redline Parts Co.", installer: "DIY (home garage)", cost: 1100, showCost: false, gains: [["weight", -6, "kg"]], posts: ["mx5-coast"] },
  { car: "gti", category: "Wheels & Tyres", name: "Pilot Sport 4S 235/35R19", manufacturer: "Michelin", vendor: "Redline Parts Co.", installer: "Harbour City Tuning", cost: 920, showCost: true, post: "gti-tyres", posts: ["gti-ceramic"] },
  { car: "gti", category: "Tuning", name: "Stage 1 ECU Tune", manufacturer: "APR", vendor: "Euro Spares Depot", installer: "Harbour City Tuning", type: "labor", cost: 650, showCost: true, gains: [["horsepower", 45, "hp"], ["torque", 60, "lb-ft"]] },
  { car: "rs6", category: "Exhaust", name: "Evolution Line Exhaust", manufacturer: "Akrapovič", vendor: "Euro Spares Depot", installer: "Harbour City Tuning", cost: 7800, showCost: false, gains: [["horsepower", 12, "hp"], ["weight", -11, "kg"]] },
  { car: "vette", category: "Exterior", name: "Carbon Fibre High Wing", manufacturer: "Chevrolet Performance", vendor: "Torque Alley Performance", installer: "DIY (home garage)", cost: 1900, showCost: true },
  { car: "evo2", category: "Maintenance", name: "Cosworth Head Refresh", description: "Valve seals, timing chain and a new set of gaskets. 16 valves, 0 leaks.", installer: "Carlos' Classic Restorations", type: "labor", cost: 2700, showCost: true },
];

export type SeedMessage = [from: string, to: string, text: string, minutesAgo: number, read: boolean];

// A data table: one row a line.
// prettier-ignore
export const MESSAGES: SeedMessage[] = [
  ["jdm_jess", "demo", "Hey! Saw your MX-5 post. Are you coming to the Thunder Valley track day?", 2900, true],
  ["demo", "jdm_jess", "Thinking about it! I've never done one. Is it beginner friendly?", 2870, true],
  ["jdm_jess", "demo", "Super friendly. There's a novice group with instructors in the passenger seat.", 95, false],
  ["jdm_jess", "demo", "I can lend you my spare helmet if you need one 🙂", 93, false],
  ["v8_vince", "demo", "Your GTI on PS4S: how's the wet grip really?", 8000, true],
  ["demo", "v8_vince", "Night and day compared to the old tyres. Zero drama on roundabouts now.", 7950, true],
  ["v8_vince", "demo", "Sold. Ordering a set for my wife's car.", 7900, true],
  ["track_tom", "demo", "Tyre pressures for the MX-5 on track: start at 1.9 bar cold and check after every session. Ping me if you'd like a passenger ride in the GT3 on the day.", 40, false],
  ["euro_emma", "hot_hatch_hana", "Your AE86 at the canyon run was the star of the show. Who did the paint?", 12000, true],
  ["hot_hatch_hana", "euro_emma", "A friend's body shop, two weekends and a lot of pizza. I can send you their number!", 11900, true],
  ["classic_carlos", "admin", "Could we get a classic car category on the events page?", 30000, true],
  ["admin", "classic_carlos", "Great idea, it's on the list. Classics in the Park is up in the meantime!", 29000, false],
  ["boxer_bella", "jdm_jess", "Rally sprint next month, you in? The R34 on snow would be hilarious.", 5000, true],
  ["jdm_jess", "boxer_bella", "Absolutely not, she's 25 years old 😂 but I'll come and cheer.", 4900, true],
  ["lens_leo", "jdm_jess", "The harbour shoot is on for Saturday if the weather holds. Golden hour is 7:40.", 600, false],
];

/** Who follows whom (besides the random ones). */
// A data table: one row a line.
// prettier-ignore
export const USER_FOLLOWS: Array<[string, string]> = [
  ["jdm_jess", "demo"],
  ["lens_leo", "demo"],
  ["track_tom", "demo"],
  ["demo", "jdm_jess"],
  ["demo", "track_tom"],
  ["demo", "euro_emma"],
  ["demo", "v8_vince"],
];

/** Car follows (besides the random ones). */
// A data table: one row a line.
// prettier-ignore
export const CAR_FOLLOWS: Array<[string, string]> = [
  ["track_tom", "mx5"],
  ["v8_vince", "gti"],
  ["demo", "r34"],
  ["demo", "gt3"],
  ["demo", "z240"],
];

export const SCENE_NAMES: SceneName[] = ["sunset", "track", "garage", "mountain", "city", "coast", "desert", "snow", "meet"];
export const DEFAULT_SHOT: Shot = "side";
