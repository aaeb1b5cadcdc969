// Word lists for the scale seed: enough variety that pages look like a real community.

// A data table: one row a line.
// prettier-ignore
export const MAKES: Array<{ make: string; models: string[]; trims: string[]; bodystyles: string[] }> = [
  { make: "Mazda", models: ["MX-5", "RX-7", "RX-8", "Mazda3", "Mazda6"], trims: ["Club", "Grand Touring", "Sport", "FD3S", "R1"], bodystyles: ["Roadster", "Coupe", "Hatchback", "Sedan"] },
  { make: "Toyota", models: ["Supra", "GR86", "Corolla AE86", "GR Yaris", "Celica", "MR2", "Land Cruiser"], trims: ["RZ", "GT-Apex", "Premium", "Circuit Pack", "GT-Four", "Turbo"], bodystyles: ["Coupe", "Hatchback", "SUV", "Liftback"] },
  { make: "Nissan", models: ["Skyline GT-R R34", "Skyline GT-R R32", "370Z", "Silvia S15", "GT-R", "240SX"], trims: ["V-Spec", "Nismo", "Spec-R", "Premium", "Track Edition"], bodystyles: ["Coupe", "Sedan", "Hatchback"] },
  { make: "Honda", models: ["Civic Type R", "S2000", "NSX", "Integra", "Accord", "Prelude"], trims: ["FK8", "FL5", "AP2", "Type S", "EK9", "DC2"], bodystyles: ["Hatchback", "Roadster", "Coupe", "Sedan"] },
  { make: "Subaru", models: ["WRX STI", "BRZ", "Impreza", "Forester", "Legacy"], trims: ["Spec C", "Limited", "tS", "22B", "XT"], bodystyles: ["Sedan", "Coupe", "Wagon", "SUV"] },
  { make: "Mitsubishi", models: ["Lancer Evolution", "3000GT", "Eclipse", "Pajero"], trims: ["IX MR", "VR-4", "GSX", "FQ-400"], bodystyles: ["Sedan", "Coupe", "SUV"] },
  { make: "Ford", models: ["Mustang", "Focus RS", "Fiesta ST", "F-150", "Bronco", "Sierra Cosworth"], trims: ["GT Premium", "Mach 1", "Shelby GT350", "Raptor", "Badlands", "RS500"], bodystyles: ["Fastback", "Hatchback", "Pickup", "SUV", "Convertible"] },
  { make: "Chevrolet", models: ["Corvette", "Camaro", "Chevelle", "Silverado", "C10"], trims: ["Stingray 3LT", "Z06", "SS", "ZL1", "1LE"], bodystyles: ["Coupe", "Convertible", "Pickup"] },
  { make: "Dodge", models: ["Challenger", "Charger", "Viper", "Dart"], trims: ["Hellcat", "Scat Pack", "SRT", "R/T", "ACR"], bodystyles: ["Coupe", "Sedan"] },
  { make: "BMW", models: ["M3 E46", "M3 E30", "M2", "M4", "Z4", "M5"], trims: ["Competition", "CSL", "CS", "Sport Evolution"], bodystyles: ["Coupe", "Sedan", "Roadster", "Convertible"] },
  { make: "Porsche", models: ["911 GT3", "911 Carrera", "Cayman GT4", "944", "Boxster", "Taycan"], trims: ["Clubsport", "RS", "Touring", "Turbo S", "Spyder"], bodystyles: ["Coupe", "Roadster", "Targa", "Sedan"] },
  { make: "Audi", models: ["RS6 Avant", "RS3", "TT RS", "Quattro", "R8", "S4"], trims: ["Performance", "Sportback", "Plus", "V10", "B5"], bodystyles: ["Wagon", "Sedan", "Coupe", "Hatchback"] },
  { make: "Volkswagen", models: ["Golf GTI", "Golf R", "Corrado", "Scirocco", "Beetle"], trims: ["Clubsport", "VR6", "Mk2", "Mk7.5", "TCR"], bodystyles: ["Hatchback", "Coupe"] },
  { make: "Mercedes-Benz", models: ["190E", "C63 AMG", "SL", "G-Class", "A45"], trims: ["2.5-16 Evolution II", "Black Series", "Pagoda", "G63", "S"], bodystyles: ["Sedan", "Coupe", "Convertible", "SUV"] },
  { make: "Lotus", models: ["Elise", "Exige", "Evora", "Emira"], trims: ["111R", "Cup 260", "GT", "V6 First Edition"], bodystyles: ["Roadster", "Coupe"] },
  { make: "Alfa Romeo", models: ["Giulia", "4C", "GTV", "Spider"], trims: ["Quadrifoglio", "Veloce", "Launch Edition"], bodystyles: ["Sedan", "Coupe", "Roadster"] },
  { make: "Datsun", models: ["240Z", "510", "280Z"], trims: ["Series 1", "SSS", "2+2"], bodystyles: ["Coupe", "Sedan"] },
  { make: "Tesla", models: ["Model 3", "Model S", "Model Y"], trims: ["Performance", "Plaid", "Long Range"], bodystyles: ["Sedan", "SUV"] },
  { make: "Hyundai", models: ["i30 N", "Elantra N", "Veloster N", "Ioniq 5 N"], trims: ["Performance", "DCT", "Track Pack"], bodystyles: ["Hatchback", "Sedan", "SUV"] },
  { make: "Land Rover", models: ["Defender 110", "Defender 90", "Range Rover"], trims: ["Td5", "X", "Classic"], bodystyles: ["SUV"] },
];

export const NICKNAMES = [
  "Ruby", "Godzilla", "Big Red", "Blue Thunder", "Ghost", "Hachi", "Zed", "Mudlark", "Phoenix", "Verde",
  "Laguna", "Quicksilver", "Ringmeister", "Nardo", "Bumblebee", "Black Pearl", "Sunny", "Kermit", "The Brick",
  "Midnight", "Project Car", "Daily", "Goldie", "Bandit", "Rocket", "Snowball", "Rusty", "Storm", "Pixie", "Unnamed",
];

export const FIRST_NAMES = [
  "Alex", "Sam", "Jordan", "Taylor", "Morgan", "Casey", "Riley", "Jamie", "Charlie", "Quinn", "Avery", "Rowan",
  "Kai", "Noa", "Mia", "Leo", "Hana", "Yuki", "Marco", "Sofia", "Lars", "Ines", "Tomás", "Priya", "Omar", "Zoe",
  "Finn", "Elena", "Jonas", "Aiko", "Luca", "Nina", "Mateo", "Freya", "Ravi", "Chloé", "Theo", "Amara", "Emil", "Sara",
];

export const HANDLE_PARTS = [
  "boost", "drift", "apex", "turbo", "redline", "torque", "jdm", "euro", "v8", "rotary", "track", "stance",
  "classic", "hothatch", "vtec", "boxer", "flat6", "diesel", "rally", "tuner", "garage", "wrench", "piston", "clutch",
];

export const CITIES = ["Leeds", "Austin", "Osaka", "Munich", "Lyon", "Turin", "Melbourne", "Calgary", "Porto", "Gothenburg", "Denver", "Nagoya"];

export const BIOS = [
  "Weekend track days, weekday commutes.",
  "Restoring things that should have been scrapped.",
  "Naturally aspirated and proud.",
  "If it has wheels, I want to drive it.",
  "Photographer at car meets. Golden hour is my thing.",
  "Learning to wrench one stripped bolt at a time.",
  "Mountain roads at dawn, coffee after.",
  "Forever project car. Send help (and parts).",
];

export const STORIES = [
  "Fresh alignment and new tyres: it finally turns in like it should.",
  "Golden hour at {city}. Could not have asked for better light.",
  "{car} is back on the road after three months in the garage!",
  "Track day done. New personal best, and only a little brake fade.",
  "Which wheels would you pick for the {car}? Thinking bronze.",
  "Cars and coffee this morning. So many great builds.",
  "Installed the new exhaust. The neighbours are less excited than me.",
  "Mountain run with the crew. {car} never felt better.",
  "Washed, waxed and ready for the show on Saturday.",
  "Dyno day results are in. Worth every penny.",
  "Winter project update: engine is out, sanity is questionable.",
  "First drive after the coilovers went in. Lowered 30 mm and loving it.",
  "Sunday cruise down the coast. Windows down, music up.",
  "Night shots in the city. The {car} looks mean under street lights.",
  "",
  "",
];

export const COMMENTS = [
  "That colour is unreal!",
  "Clean build. What wheels are those?",
  "Love it. How does it handle in the wet?",
  "Goals right there.",
  "What tyres are you running?",
  "See you at the next meet!",
  "That stance is perfect.",
  "How much did the exhaust cost?",
  "Absolute legend of a car.",
  "The light in this shot is amazing.",
  "Did you do the install yourself?",
  "Dream car. Enjoy it!",
  "Sounds mean, I bet.",
  "Need more photos of the interior.",
];

export const REPLIES = [
  "Thanks! They're forged, 18 inch.",
  "Did it all myself over two weekends.",
  "Cheers! See you there.",
  "Grippy but noisy. Worth it.",
  "Haha, my wallet disagrees.",
  "Thank you, means a lot!",
  "Semi-slicks on track, road tyres the rest of the time.",
];

export const MOD_NAMES: Record<string, string[]> = {
  Engine: ["Forged pistons", "Ported head", "Stage 2 cams", "Built bottom end"],
  "Forced induction": ["GT3076 turbo", "Supercharger kit", "Upgraded intercooler", "Boost controller"],
  Intake: ["Cold air intake", "Carbon airbox", "Velocity stacks"],
  Exhaust: ["Cat-back exhaust", "Titanium muffler", "Long-tube headers", "Downpipe"],
  Fuel: ["1000cc injectors", "E85 flex kit", "Fuel pump upgrade"],
  Cooling: ["Aluminium radiator", "Oil cooler", "Silicone hoses"],
  Tuning: ["ECU remap", "Standalone ECU", "Dyno tune"],
  Drivetrain: ["LSD", "Lightweight flywheel", "Short shifter", "Stage 3 clutch"],
  Suspension: ["Coilovers", "Sway bars", "Polyurethane bushings", "Camber arms"],
  Brakes: ["Big brake kit", "Stainless lines", "Track pads"],
  "Wheels & tires": ["Forged wheels", "Semi-slick tyres", "Wheel spacers"],
  Aero: ["Front splitter", "GT wing", "Rear diffuser", "Canards"],
  Exterior: ["Carbon hood", "Ceramic coating", "Vinyl wrap"],
  Interior: ["Bucket seats", "Roll cage", "Quick-release wheel"],
  Lighting: ["LED headlights", "Smoked tail lights"],
  "Audio & electronics": ["Data logger", "Head unit", "Lap timer"],
  Safety: ["Harnesses", "Fire extinguisher"],
  Maintenance: ["Timing belt", "Full service", "New bushings"],
};

export const MANUFACTURERS = [
  "Garrett", "HKS", "Cusco", "Bilstein", "Öhlins", "KW", "Brembo", "AP Racing", "Akrapovič", "Borla", "Tomei",
  "Mishimoto", "Cobb", "Haltech", "Recaro", "Bride", "Sparco", "Enkei", "Volk Racing", "BBS", "Work Wheels",
  "Voltex", "APR", "Eibach", "Hardrace", "Whiteline", "Nismo", "Mugen", "Spoon", "Toda",
];
export const VENDORS = ["Summit Racing", "FCP Euro", "Enjuku Racing", "Nengun", "RockAuto", "Demon Tweeks", "ECS Tuning", "Turn 14", "Speed Factory", "Local shop"];
export const INSTALLERS = ["Self-installed", "Apex Garage", "Redline Motorsport", "Boost Lab", "Torque Works", "Track Prep Co.", "Corner Garage", "Dyno Shop"];

export const GAINS: Array<{ type: string; unit: string; min: number; max: number }> = [
  { type: "horsepower", unit: "hp", min: 5, max: 120 },
  { type: "torque", unit: "lb-ft", min: 5, max: 90 },
  { type: "weight", unit: "kg", min: -40, max: -2 },
  { type: "0-60 mph", unit: "s", min: -0.8, max: -0.1 },
  { type: "boost", unit: "psi", min: 2, max: 12 },
];

export const BUILD_NAMES = ["Stage 1", "Stage 2", "Track build", "Street build", "Restoration", "Show build"];
