import { template } from './template-types';

export const TEMPLATES_FR = [
  template('customer-support-fr', 'customer-support', 'fr', 'Conseiller service client', 'Support de premier niveau par téléphone, chat ou e-mail.', [
    ['empathie', 'Empathie et ton', 2, 'Minimise l’agacement du client ou le rend responsable.', 'Reconnaît le problème poliment mais de façon générique.', 'Nomme le ressenti du client, rassure et garde un ton calme et chaleureux.'],
    ['resolution', 'Résolution de problèmes', 2, 'Abandonne ou escalade tout de suite sans rien essayer.', 'Suit les étapes évidentes sans vérifier le résultat.', 'Pose des questions ciblées, trouve la cause, résout et vérifie avec le client.'],
    ['communication', 'Clarté', 1, 'Vague ou plein de jargon.', 'Compréhensible, avec des détails inutiles.', 'Explications courtes et structurées, avec une prochaine étape claire.'],
  ], [
    ['empathie', 'Racontez-moi une fois où un client était en colère contre vous. Qu’avez-vous dit et que s’est-il passé ?'],
    ['resolution', 'Un client reçoit sa commande cassée et en a besoin demain. Comment gérez-vous la situation ?'],
    ['resolution', 'Décrivez un problème client que vous avez résolu alors que personne n’avait de réponse toute faite.'],
    ['communication', 'Comment expliqueriez-vous en deux ou trois phrases pourquoi un remboursement prend cinq jours ouvrés ?'],
  ]),
  template('sales-representative-fr', 'sales-representative', 'fr', 'Commercial terrain', 'Prospection et signature auprès de TPE et PME.', [
    ['prospection', 'Prospection et énergie', 2, 'Aucune méthode ; attend que les contacts arrivent.', 'A une routine mais ne sait pas ce qui marche.', 'Décrit une méthode, des chiffres et ce qu’il a changé quand ça ne marchait pas.'],
    ['decouverte', 'Découverte des besoins', 2, 'Présente le produit avant de poser la moindre question.', 'Pose des questions standard sans relancer.', 'Fait émerger le vrai problème du client et y relie l’offre.'],
    ['closing', 'Objections et conclusion', 2, 'Baisse le prix ou abandonne à la première objection.', 'Répond aux objections sans demander la décision.', 'Reformule les objections par la valeur et demande clairement une prochaine étape.'],
  ], [
    ['prospection', 'Comment remplissez-vous votre portefeuille sur un nouveau secteur ? Donnez un exemple récent chiffré.'],
    ['decouverte', 'Parlez-moi d’une vente gagnée grâce à une information obtenue en posant la bonne question.'],
    ['closing', 'Un prospect vous dit « C’est trop cher ». Que répondez-vous ?'],
    ['closing', 'Décrivez une vente perdue. Que feriez-vous autrement ?'],
  ]),
  template('software-engineer-fr', 'software-engineer', 'fr', 'Développeur logiciel', 'Conception et maintenance de services web.', [
    ['technique', 'Profondeur technique', 3, 'Reste aux mots-clés ; n’explique pas son propre code.', 'Explique ce qu’il a construit et les choix principaux.', 'Explique les compromis, les modes de défaillance et pourquoi un choix plutôt qu’un autre.'],
    ['debogage', 'Débogage et rigueur', 2, 'Essaie au hasard jusqu’à ce que ça marche.', 'Reproduit le problème et le corrige.', 'Reproduit, isole la cause, corrige et ajoute un test ou un garde-fou.'],
    ['collaboration', 'Collaboration', 1, 'Parle des autres comme d’obstacles.', 'Travaille avec les autres quand on le lui demande.', 'Fait et reçoit des revues, partage ses connaissances et tranche les désaccords par des arguments.'],
  ], [
    ['technique', 'Décrivez un système que vous avez construit ou modifié récemment. Quels choix de conception, et pourquoi ?'],
    ['debogage', 'Parlez-moi du bug le plus difficile que vous avez corrigé. Comment avez-vous trouvé la cause ?'],
    ['technique', 'Comment accéléreriez-vous une page lente qui interroge une base de données ? Que mesureriez-vous d’abord ?'],
    ['collaboration', 'Racontez une revue de code où vous n’étiez pas d’accord avec un collègue. Que s’est-il passé ?'],
  ]),
  template('warehouse-operative-fr', 'warehouse-operative', 'fr', 'Préparateur de commandes', 'Préparation, emballage et manutention en sécurité.', [
    ['securite', 'Sécurité', 3, 'Ne parle pas de sécurité ou prend des raccourcis.', 'Connaît les règles de base quand on les lui demande.', 'Repère les risques de lui-même, suit les procédures et signale les dangers.'],
    ['fiabilite', 'Fiabilité', 2, 'Reste vague sur sa ponctualité ou ses engagements.', 'Fiable dans des conditions normales.', 'Exemples concrets de ponctualité, de remplacements et de précision sous pression.'],
    ['equipe', 'Esprit d’équipe', 1, 'Préfère travailler seul et ignore les autres.', 'S’entend avec l’équipe.', 'Aide ses collègues, communique pendant les pics et accepte les consignes.'],
  ], [
    ['securite', 'Que faites-vous si vous voyez une palette empilée de façon dangereuse ?'],
    ['fiabilite', 'Racontez une journée très chargée où il fallait tenir la cadence. Comment êtes-vous resté précis ?'],
    ['fiabilite', 'Comment vous organisez-vous pour être à l’heure aux postes du matin ou de nuit ?'],
    ['equipe', 'Décrivez une fois où vous avez aidé un collègue en retard sur sa préparation.'],
  ]),
  template('care-assistant-fr', 'care-assistant', 'fr', 'Aide-soignant', 'Soins d’hygiène et de confort, accompagnement des patients ou résidents.', [
    ['bientraitance', 'Bientraitance et dignité', 3, 'Parle des patients comme de tâches.', 'Gentil, sans tenir compte des souhaits de la personne.', 'Respecte la dignité et les choix, s’adapte à la personne et à sa famille.'],
    ['securite', 'Sécurité du patient', 3, 'Agirait hors de son rôle ou cacherait une erreur.', 'Sait qu’il faut signaler les problèmes.', 'Observe, transmet et alerte rapidement, et assume ses erreurs.'],
    ['transmissions', 'Transmissions à l’équipe', 1, 'Ne transmet pas les informations.', 'Transmet quand on le lui demande.', 'Transmissions claires et alertes à temps à l’infirmier et à la famille.'],
  ], [
    ['bientraitance', 'Racontez une fois où vous avez accompagné une personne qui refusait les soins. Qu’avez-vous fait ?'],
    ['securite', 'Pendant votre service, un résident devient soudain confus. Que faites-vous ?'],
    ['securite', 'Décrivez une erreur que vous avez faite au travail et comment vous l’avez gérée.'],
    ['transmissions', 'Comment faites-vous vos transmissions en fin de service ?'],
  ]),
];
