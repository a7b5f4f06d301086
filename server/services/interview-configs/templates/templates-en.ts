import { template } from './template-types';

export const TEMPLATES_EN = [
  template('customer-support-en', 'customer-support', 'en', 'Customer support agent', 'Front-line support by phone, chat or email.', [
    ['empathy', 'Empathy and tone', 2, 'Dismisses the customer’s frustration or blames them.', 'Acknowledges the problem politely but generically.', 'Names the customer’s feeling, reassures, and keeps a calm, warm tone throughout.'],
    ['problem_solving', 'Problem solving', 2, 'Gives up or escalates at once without trying anything.', 'Follows the obvious steps but does not check the result.', 'Asks targeted questions, finds the cause, solves it and checks with the customer.'],
    ['communication', 'Clear communication', 1, 'Vague or full of jargon the customer would not understand.', 'Understandable, with some unnecessary detail.', 'Short, plain, structured explanations with a clear next step.'],
  ], [
    ['empathy', 'Tell me about a time a customer was angry with you. What did you say and what happened?'],
    ['problem_solving', 'A customer says their order arrived broken and they need it tomorrow. Walk me through how you would handle it.'],
    ['problem_solving', 'Describe a problem you solved for a customer that nobody had a ready answer for.'],
    ['communication', 'How would you explain to a customer, in two or three sentences, why their refund takes five working days?'],
  ]),
  template('sales-representative-en', 'sales-representative', 'en', 'Sales representative', 'Prospecting and closing with small and medium customers.', [
    ['prospecting', 'Prospecting and drive', 2, 'No method; waits for leads to come.', 'Has a routine but cannot say what works.', 'Describes a deliberate method, numbers and what they changed when it did not work.'],
    ['discovery', 'Needs discovery', 2, 'Pitches the product before asking anything.', 'Asks standard questions without following up.', 'Uncovers the customer’s real problem and ties the offer to it.'],
    ['closing', 'Handling objections and closing', 2, 'Drops the price or gives up at the first objection.', 'Answers objections but does not ask for the decision.', 'Reframes objections with value and asks clearly for a next step.'],
  ], [
    ['prospecting', 'How do you fill your pipeline in a new territory? Give me your last concrete example with numbers.'],
    ['discovery', 'Tell me about a deal you won because of something you learned by asking the right question.'],
    ['closing', 'A prospect says “It’s too expensive.” What do you answer?'],
    ['closing', 'Describe a deal you lost. What would you do differently?'],
  ]),
  template('software-engineer-en', 'software-engineer', 'en', 'Software engineer', 'Building and maintaining web services.', [
    ['technical_depth', 'Technical depth', 3, 'Stays at buzzwords; cannot explain how their own code works.', 'Explains what they built and the main choices.', 'Explains trade-offs, failure modes and why they chose one design over another.'],
    ['debugging', 'Debugging and rigour', 2, 'Guesses and changes things until it works.', 'Reproduces the problem and fixes it.', 'Reproduces, isolates the root cause, fixes it and adds a test or safeguard.'],
    ['collaboration', 'Collaboration', 1, 'Talks about others only as obstacles.', 'Works with others when asked.', 'Gives and takes review, shares knowledge and resolves disagreements with arguments.'],
  ], [
    ['technical_depth', 'Describe a system you built or changed recently. What were the main design choices and why?'],
    ['debugging', 'Tell me about the hardest bug you fixed. How did you find the cause?'],
    ['technical_depth', 'How would you make a slow database-backed page faster? What would you measure first?'],
    ['collaboration', 'Tell me about a code review where you disagreed with a colleague. What happened?'],
  ]),
  template('warehouse-operative-en', 'warehouse-operative', 'en', 'Warehouse operative', 'Picking, packing and handling goods safely.', [
    ['safety', 'Safety awareness', 3, 'Does not mention safety or takes shortcuts.', 'Knows the basic rules when asked.', 'Spots risks unprompted, follows procedures and reports hazards.'],
    ['reliability', 'Reliability', 2, 'Vague about attendance or past commitments.', 'Reliable in normal conditions.', 'Concrete examples of being on time, covering shifts and keeping accuracy under pressure.'],
    ['teamwork', 'Teamwork', 1, 'Prefers to work alone and ignores others.', 'Gets along with the team.', 'Helps colleagues, communicates during busy periods and accepts instructions.'],
  ], [
    ['safety', 'What would you do if you saw a pallet stacked in a dangerous way?'],
    ['reliability', 'Tell me about a time you had to keep up the pace during a very busy shift. How did you stay accurate?'],
    ['reliability', 'How do you make sure you are on time for early or night shifts?'],
    ['teamwork', 'Describe a time you helped a colleague who was falling behind.'],
  ]),
  template('care-assistant-en', 'care-assistant', 'en', 'Nurse / care assistant', 'Personal care and support of patients or residents.', [
    ['compassion', 'Compassion and dignity', 3, 'Talks about patients as tasks.', 'Kind, but does not mention the person’s wishes.', 'Respects dignity and choice, adapts to the person and their family.'],
    ['safety', 'Patient safety', 3, 'Would act outside their role or hide a mistake.', 'Knows to report problems.', 'Observes, records and escalates changes promptly, and owns mistakes.'],
    ['communication', 'Communication with the team', 1, 'Does not pass on information.', 'Passes on information when asked.', 'Clear handovers and timely reports to nurses and family.'],
  ], [
    ['compassion', 'Tell me about a time you cared for someone who refused help. What did you do?'],
    ['safety', 'During your shift you notice a resident is suddenly confused. What do you do?'],
    ['safety', 'Describe a mistake you made at work and how you handled it.'],
    ['communication', 'How do you give a handover at the end of your shift?'],
  ]),
];
