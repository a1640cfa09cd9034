// The style whose prompt takes the guest's own words, as the tests of those words offer it
// (contract/style-inputs.ts): a hero name of letters only and a superpower from a list.

/** A generative style on the OpenAI stand-in with a text input of at most `maxLength` letters and a choice. */
export const superheroStyle = (maxLength: number) => ({
  id: 'superhero',
  description: 'Superhero poster',
  prompt: 'A superhero poster of the person, the hero named {{name}}, with the power of {{power}}',
  engine: 'openai',
  inputs: [
    { name: 'name', label: 'Your hero name', type: 'text', maxLength, characters: 'letters' },
    { name: 'power', label: 'Your superpower', type: 'choice', options: ['flight', 'invisibility'] },
  ],
});

/** Gala Night's sentence for a refused word (server/seed/tenants.ts). */
export const GALA_SENTENCE = "Let's keep the evening friendly: please choose other words.";
