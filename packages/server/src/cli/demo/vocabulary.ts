/** Words the demo draws its names, places and notes from, shared by the seeders of several areas. */
import type { Rng } from './rng.ts';

const FIRST_NAMES = [
  'James', 'Maria', 'Robert', 'Linda', 'Michael', 'Patricia', 'David', 'Jennifer', 'Carlos', 'Elizabeth', 'Daniel',
  'Susan', 'Jose', 'Karen', 'Thomas', 'Nancy', 'Kevin', 'Lisa', 'Brian', 'Angela', 'Luis', 'Megan', 'Tyler', 'Rachel',
  'Aaron', 'Heather', 'Marcus', 'Amber', 'Derek', 'Tanya', 'Ethan', 'Olivia', 'Noah', 'Grace', 'Owen', 'Hannah',
] as const;
const LAST_NAMES = [
  'Smith', 'Johnson', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Jackson',
  'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Hall', 'Young', 'Allen', 'King',
  'Wright', 'Scott', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Baker', 'Nelson', 'Carter', 'Mitchell', 'Perez',
] as const;

export const STREETS = [
  'Main', 'Oak', 'Pine', 'Maple', 'Cedar', 'Elm', 'Washington', 'Lake', 'Hill', 'Park', 'River', 'Sunset', 'Highland',
  'Jefferson', 'Lincoln', 'Madison', 'Franklin', 'Willow', 'Birch', 'Spruce', 'Division', 'Burnside', 'Hawthorne',
  'Belmont', 'Alberta', 'Killingsworth', 'Fremont', 'Broadway', 'Glisan', 'Stark', 'Powell', 'Foster', 'Woodstock',
  'Sandy', 'Macadam', 'Barbur', 'Canyon', 'Beaverton-Hillsdale', 'Murray', 'Scholls Ferry', 'Boones Ferry', 'Sunnyside',
] as const;
export const STREET_TYPES = ['St', 'Ave', 'Blvd', 'Rd', 'Dr', 'Ln', 'Way', 'Ct', 'Pl', 'Pkwy'] as const;
export const CITIES = [
  ['Portland', 'OR', 972], ['Beaverton', 'OR', 970], ['Lake Oswego', 'OR', 970], ['Tigard', 'OR', 972], ['Hillsboro', 'OR', 971],
  ['Gresham', 'OR', 970], ['Salem', 'OR', 973], ['Vancouver', 'WA', 986], ['Camas', 'WA', 986], ['Wilsonville', 'OR', 970],
  ['Tualatin', 'OR', 970], ['Oregon City', 'OR', 970], ['West Linn', 'OR', 970], ['Happy Valley', 'OR', 970],
] as const;

export const JOB_KINDS = [
  'Master Bath Remodel', 'Guest Bath', 'Lobby Mirrors', 'Closet Shelving', 'Tenant Improvement', 'New Construction',
  'Model Home', 'Fitness Center Mirrors', 'Apartment Turnover', 'Kitchen Backsplash', 'Office Build-Out', 'Dental Office',
  'Restaurant Remodel', 'Retail Storefront', 'Hotel Renovation', 'Senior Living', 'Townhomes', 'Custom Residence',
  'Condo Units', 'School Restrooms', 'Clinic Remodel', 'Shower Enclosure Replacement', 'Blinds Replacement',
] as const;
export const PROJECT_NAMES = [
  'The Pearl Lofts', 'Riverside Commons', 'Orchard Park', 'Hawthorne Flats', 'Forest Heights', 'Bridgeview',
  'Cedar Mill', 'Sellwood Terrace', 'Tanasbourne Place', 'Willamette Landing', 'Mt. Tabor Residences', 'Laurelhurst',
  'Nob Hill Suites', 'Eastmoreland', 'Bethany Village', 'Progress Ridge', 'Murrayhill', 'Reed College Place',
] as const;

export const FINISHES = ['Chrome', 'Brushed Nickel', 'Matte Black', 'Oil Rubbed Bronze', 'Polished Brass', 'Satin Nickel'] as const;

/** Short notes on clients, job products and pickups ('' stands for none). */
export const NOTES = [
  'Call before arriving; gate code at the front office.', 'Tile not finished until next week.', 'Customer wants brushed nickel to match faucets.',
  'Verify wall blocking before install.', 'Second floor, no elevator.', 'Measure after drywall texture.', 'Owner on site Tuesdays only.',
  'Use the service entrance on the north side.', 'Bring the small ladder.', 'Match existing mirror clips.', '',
] as const;

/** A person's full name (a crew member, a vendor's or an estimate's contact). */
export const personName = (rng: Rng) => `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
